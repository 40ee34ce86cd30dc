import { type Payment, TX_REF_PATTERN } from '@zema/contracts';
import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '#src/lib/api-error';
import { formatMoney } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { useStoredText } from '#src/lib/stored-text';
import { Button, LinkButton } from '#src/ui/button';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { usePayment } from '../api/get-payment';
import { refreshSession } from '../api/refresh-session';

/**
 * `/billing/return?tx_ref=…`: where every gateway sends the buyer back. The URL proves nothing;
 * the page asks the server, which verifies the payment with its gateway, and shows what it says:
 * paid (and the session is loaded again so the plan's permissions apply at once), failed (try
 * again), or pending (asked again with a growing delay, and on demand).
 */
export default function PaymentReturnPage() {
  const { trans } = useTrans();
  const [params] = useSearchParams();
  const raw = params.get('tx_ref') ?? params.get('trx_ref');
  const txRef = raw && TX_REF_PATTERN.test(raw) ? raw : null;
  usePageTitle(trans('Payment'));
  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-xl flex-1 px-4 py-10 sm:px-6 lg:py-16">
      {txRef ? (
        <PaymentStatus txRef={txRef} />
      ) : (
        <Outcome icon={<CircleX />} tone="danger" title={trans('We could not find this payment.')}>
          <LinkButton href={paths.pricing()} variant="outline">
            {trans('See the plans')}
          </LinkButton>
        </Outcome>
      )}
    </main>
  );
}

function PaymentStatus({ txRef }: { txRef: string }) {
  const { trans, language } = useTrans();
  const stored = useStoredText();
  const payment = usePayment(txRef);
  const refreshed = useRef(false);
  const succeeded = payment.data?.status === 'succeeded';

  useEffect(() => {
    if (!succeeded || refreshed.current) return;
    refreshed.current = true;
    // Failing to reload the session is not fatal: the next page load shows the plan anyway.
    void refreshSession().catch(() => undefined);
  }, [succeeded]);

  if (payment.isPending)
    return (
      <div className="flex flex-col items-center gap-3 py-16" aria-live="polite">
        <Spinner label={trans('Checking your payment')} />
        <p className="text-muted">{trans('Checking your payment…')}</p>
      </div>
    );
  if (payment.isError && !payment.data) {
    const missing = payment.error instanceof ApiError && [404, 422].includes(payment.error.status);
    return (
      <Outcome
        icon={<CircleX />}
        tone="danger"
        title={missing ? trans('We could not find this payment.') : errorMessage(payment.error)}
      >
        <Button variant="outline" onPress={() => void payment.refetch()}>
          {trans('Try again')}
        </Button>
      </Outcome>
    );
  }
  const data = payment.data!;
  const amount = formatMoney(data.amount, data.currency, language);
  const retryHref = paths.checkout({ productId: data.product_id, priceId: data.price_id });

  if (data.status === 'succeeded' || data.status === 'refunded')
    return (
      <Outcome
        icon={<CircleCheck />}
        tone="positive"
        title={data.status === 'refunded' ? trans('This payment was refunded') : trans('Payment received')}
        payment={data}
        amount={amount}
      >
        <p>{trans('Your {plan} plan is active. Enjoy!', { plan: stored(data.product_name) })}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <LinkButton href={paths.home()}>{trans('Start listening')}</LinkButton>
          <LinkButton href={paths.billing()} variant="outline">
            {trans('Go to billing')}
          </LinkButton>
        </div>
      </Outcome>
    );
  if (data.status === 'failed')
    return (
      <Outcome
        icon={<CircleX />}
        tone="danger"
        title={trans('The payment did not go through')}
        payment={data}
        amount={amount}
      >
        <p>{data.failure_reason ?? trans('Nothing was charged. You can try again.')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <LinkButton href={retryHref}>{trans('Try again')}</LinkButton>
          <LinkButton href={paths.pricing()} variant="outline">
            {trans('See the plans')}
          </LinkButton>
        </div>
      </Outcome>
    );
  return (
    <Outcome
      icon={<Hourglass />}
      tone="warning"
      title={trans('Your payment is being processed')}
      payment={data}
      amount={amount}
    >
      <p>{trans('This can take a few minutes. This page checks again by itself.')}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onPress={() => void payment.refetch()} isPending={payment.isFetching}>
          {trans('Check again')}
        </Button>
        {data.gateway === 'sandbox' && (
          <LinkButton href={paths.sandboxCheckout(data.tx_ref)} variant="text">
            {trans('Open the test checkout')}
          </LinkButton>
        )}
      </div>
    </Outcome>
  );
}

const TONES = {
  positive: 'text-positive',
  danger: 'text-danger',
  warning: 'text-warning',
} as const;

function Outcome({
  icon,
  tone,
  title,
  payment,
  amount,
  children,
}: {
  icon: ReactNode;
  tone: keyof typeof TONES;
  title: string;
  payment?: Payment;
  amount?: string;
  children: ReactNode;
}) {
  const { trans } = useTrans();
  const stored = useStoredText();
  return (
    <div
      data-testid="payment-outcome"
      className="flex flex-col gap-4 rounded-2xl border border-divider bg-paper p-6 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className={`${TONES[tone]} [&_svg]:size-8`}>
          {icon}
        </span>
        <h1 className="text-2xl font-semibold" aria-live="polite">
          {title}
        </h1>
      </div>
      {payment && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{trans('Plan')}</dt>
          <dd>{stored(payment.product_name)}</dd>
          <dt className="text-muted">{trans('Amount')}</dt>
          <dd>{amount}</dd>
          <dt className="text-muted">{trans('Reference')}</dt>
          <dd className="break-all font-mono text-xs">{payment.tx_ref}</dd>
        </dl>
      )}
      {children}
    </div>
  );
}
