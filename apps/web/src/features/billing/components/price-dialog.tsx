import {
  BILLING_INTERVALS,
  type BillingInterval,
  CURRENCIES,
  CURRENCY_LABELS,
  type Currency,
  msg,
} from '@zema/contracts';
import type { AdminPrice, PriceRequest } from '@zema/contracts/admin';
import { useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { TextField } from '#src/ui/field';
import { Select } from '#src/ui/select';
import { fromMinorUnits, toMinorUnits } from './amount';

/** The interval's name after "Every [count]". */
const INTERVAL_LABELS: Record<BillingInterval, string> = {
  day: msg('days'),
  week: msg('weeks'),
  month: msg('months'),
  year: msg('years'),
};

/**
 * Adds or changes a price: the amount is typed as a decimal and sent in minor units. A price
 * somebody bought is not edited: saving replaces it (the dialog says so first).
 */
export function PriceDialog({
  price,
  isOpen,
  onOpenChange,
  onSubmit,
  isPending,
  errors,
}: {
  /** null: a new price. */
  price: AdminPrice | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (body: PriceRequest) => void;
  isPending: boolean;
  errors: Record<string, string>;
}) {
  const { trans } = useTrans();
  const [currency, setCurrency] = useState<Currency>(price?.currency ?? 'ETB');
  const [amount, setAmount] = useState(price ? fromMinorUnits(price.amount, price.currency) : '');
  const [interval, setInterval] = useState<BillingInterval>(price?.interval ?? 'month');
  const [count, setCount] = useState(String(price?.interval_count ?? 1));
  const [localError, setLocalError] = useState<string | null>(null);
  const used = !!price && price.subscriptions_count + price.payments_count > 0;

  const submit = () => {
    const minor = toMinorUnits(amount, currency);
    if (minor === null) {
      setLocalError(trans('Enter an amount like 199.00.'));
      return;
    }
    setLocalError(null);
    onSubmit({ currency, amount: minor, interval, interval_count: Number(count) || 1 });
  };

  return (
    <Dialog
      title={price ? trans('Change price') : trans('Add a price')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="md"
      footer={({ close }) => (
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button isPending={isPending} onPress={submit}>
            {used ? trans('Replace price') : price ? trans('Save price') : trans('Add price')}
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
        {used && (
          <p className="rounded-theme bg-hover p-3 text-sm text-fg">
            {trans(
              'People have bought this price, so it is not edited: it is archived (still honoured for them) and a new price is sold instead.',
            )}
          </p>
        )}
        <Select
          label={trans('Currency')}
          items={CURRENCIES.map((c) => ({ id: c, label: trans(CURRENCY_LABELS[c]) }))}
          selectedKey={currency}
          onSelectionChange={(k) => k && setCurrency(k as Currency)}
          errorMessage={errors.currency}
        />
        <TextField
          label={trans('Amount')}
          description={trans('Tax included, e.g. 199.00')}
          inputMode="decimal"
          value={amount}
          onChange={setAmount}
          isRequired
          errorMessage={localError ?? errors.amount}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={trans('Every')}
            inputMode="numeric"
            value={count}
            onChange={setCount}
            errorMessage={errors.interval_count}
          />
          <Select
            label={trans('Interval')}
            items={BILLING_INTERVALS.map((i) => ({ id: i, label: trans(INTERVAL_LABELS[i]) }))}
            selectedKey={interval}
            onSelectionChange={(k) => k && setInterval(k as BillingInterval)}
            errorMessage={errors.interval}
          />
        </div>
      </form>
    </Dialog>
  );
}
