import { type AdminPayment, MAX_REFUND_REASON, type RefundPaymentRequest } from '@zema/contracts/admin';
import { useState } from 'react';
import { formatMoney } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Checkbox, TextField } from '#src/ui/field';
import { fromMinorUnits, toMinorUnits } from './amount';

/** One key per opening of the dialog: the same refund submitted twice is made once. */
function newRefundKey(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Refunds a payment through its gateway: all that is left (prefilled) or less, with a reason for
 * the audit log, and the plan ended now if asked. The amount is typed as a decimal and sent in
 * minor units; the server's errors are shown here, beside the field they concern.
 */
export function RefundDialog({
  payment,
  onOpenChange,
  onSubmit,
  isPending,
  errors,
  message,
}: {
  payment: AdminPayment;
  onOpenChange: (open: boolean) => void;
  onSubmit: (body: RefundPaymentRequest) => void;
  isPending: boolean;
  /** The server's field errors (first message each). */
  errors: Record<string, string>;
  /** The server's message when it named no field (the gateway refused, say). */
  message: string | null;
}) {
  const { trans, language } = useTrans();
  const left = payment.amount - payment.refunded_amount;
  const [key] = useState(newRefundKey);
  const [amount, setAmount] = useState(fromMinorUnits(left, payment.currency));
  const [reason, setReason] = useState('');
  const [endSubscription, setEndSubscription] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);

  const submit = () => {
    const minor = toMinorUnits(amount, payment.currency);
    if (minor === null || minor <= 0) {
      setLocalError(trans('Enter an amount like 199.00.'));
      return;
    }
    if (minor > left) {
      setLocalError(
        trans('At most {amount} is left to refund.', {
          amount: formatMoney(left, payment.currency, language),
        }),
      );
      return;
    }
    setLocalError(null);
    onSubmit({
      amount: minor,
      ...(reason.trim() ? { reason: reason.trim() } : {}),
      ...(endSubscription ? { end_subscription: true } : {}),
      idempotency_key: key,
    });
  };

  const fieldErrors = new Set(['amount', 'reason', 'end_subscription']);
  const otherError = message && !Object.keys(errors).some((field) => fieldErrors.has(field)) ? message : null;

  return (
    <Dialog
      title={trans('Refund the payment of {name}', { name: payment.user.name })}
      isOpen
      onOpenChange={onOpenChange}
      size="md"
      footer={({ close }) => (
        <>
          <Button variant="text" onPress={close}>
            {trans('Back')}
          </Button>
          <Button variant="danger" isPending={isPending} onPress={submit}>
            {trans('Refund')}
          </Button>
        </>
      )}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="text-sm text-muted">
          {payment.refunded_amount > 0
            ? trans('{plan}, paid {amount}; {refunded} refunded already.', {
                plan: payment.product_name,
                amount: formatMoney(payment.amount, payment.currency, language),
                refunded: formatMoney(payment.refunded_amount, payment.currency, language),
              })
            : trans('{plan}, paid {amount}.', {
                plan: payment.product_name,
                amount: formatMoney(payment.amount, payment.currency, language),
              })}{' '}
          {trans('The money goes back through {gateway}; this cannot be undone.', {
            gateway: trans(payment.gateway),
          })}
        </p>
        <TextField
          label={trans('Amount to refund ({currency})', { currency: payment.currency })}
          description={trans('At most {amount}', { amount: formatMoney(left, payment.currency, language) })}
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          isRequired
          errorMessage={localError ?? errors.amount}
        />
        <TextField
          label={trans('Reason')}
          description={trans('Optional; kept in the audit log.')}
          value={reason}
          onChange={setReason}
          maxLength={MAX_REFUND_REASON}
          errorMessage={errors.reason}
        />
        {payment.subscription_id !== null && (
          <Checkbox
            isSelected={endSubscription}
            onChange={setEndSubscription}
            errorMessage={errors.end_subscription}
          >
            {trans('End the subscription now')}
          </Checkbox>
        )}
        {otherError && (
          <p role="alert" className="text-sm font-medium text-danger">
            {otherError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
