import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { PageError } from '#src/components/states';
import { ApiError, errorMessage } from '#src/lib/api-error';
import { useAuth } from '#src/lib/bootstrap-store';
import { formatMoney } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { clearOnboardingChoice } from '#src/lib/onboarding-choice';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { useStoredText } from '#src/lib/stored-text';
import { Button, LinkButton } from '#src/ui/button';
import { TextField } from '#src/ui/field';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { useStartCheckout } from '../api/checkout';
import { useProducts } from '../api/get-products';
import { cycleLabel, newIdempotencyKey, OTHER_PLAN_MESSAGE } from '../lib/pricing';

/** Sends the browser to the gateway's checkout (the sandbox's own page in test mode). */
export function goToGateway(url: string) {
  window.location.assign(url);
}

/**
 * `/checkout/{productId}/{priceId}` (SPEC §2): the order summary and a Pay button. The payment's
 * amount and currency are fixed by the server; the browser then goes to the gateway. One
 * idempotency key per visit, so a double submit starts one payment.
 */
export default function CheckoutPage() {
  const { trans, language } = useTrans();
  const stored = useStoredText();
  const { user } = useAuth();
  const params = useParams();
  const productId = Number(params.productId);
  const priceId = Number(params.priceId);
  const products = useProducts();
  const checkout = useStartCheckout();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [redirecting, setRedirecting] = useState(false);
  // Printed on the invoice: the account's name unless the buyer gives another, and a TIN if any.
  const [buyerName, setBuyerName] = useState(
    () => [user?.first_name, user?.last_name].filter(Boolean).join(' ') || (user?.display_name ?? ''),
  );
  const [buyerTin, setBuyerTin] = useState('');
  usePageTitle(trans('Checkout'));
  // A plan saved before signing up has brought the buyer here: it is used once (SPEC §4).
  useEffect(() => clearOnboardingChoice(), []);

  const product = products.data?.find((p) => p.id === productId && !p.hidden);
  const price = product?.prices.find((p) => p.id === priceId);

  const pay = () => {
    if (!price || checkout.isPending || redirecting) return;
    checkout.mutate(
      {
        price_id: price.id,
        idempotency_key: idempotencyKey,
        buyer_name: buyerName.trim() || undefined,
        buyer_tin: buyerTin.trim() || undefined,
      },
      {
        onSuccess: ({ redirect_url }) => {
          setRedirecting(true);
          goToGateway(redirect_url);
        },
      },
    );
  };

  let body: ReactNode;
  if (products.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label={trans('Loading')} />
      </div>
    );
  } else if (products.isError) {
    body = <PageError error={products.error} onRetry={() => void products.refetch()} />;
  } else if (!product || !price || product.free) {
    body = (
      <div role="alert" className="rounded-2xl border border-divider bg-paper p-6 text-center">
        <p className="font-semibold">{trans('This plan is not on sale.')}</p>
        <LinkButton href={paths.pricing()} variant="outline" className="mt-4">
          {trans('See the plans')}
        </LinkButton>
      </div>
    );
  } else {
    const error = checkout.error;
    const fieldErrors = error instanceof ApiError ? error.errors : undefined;
    const fieldMessage = fieldErrors?.price_id?.[0];
    const nameError = fieldErrors?.buyer_name?.[0];
    const tinError = fieldErrors?.buyer_tin?.[0];
    const message = error && !nameError && !tinError ? (fieldMessage ?? errorMessage(error)) : null;
    const otherPlan = message === OTHER_PLAN_MESSAGE || message === trans(OTHER_PLAN_MESSAGE);
    body = (
      <div className="rounded-2xl border border-divider bg-paper p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-semibold">{trans('Order summary')}</h2>
        <dl className="mt-4 divide-y divide-divider text-sm">
          <SummaryRow label={trans('Plan')} value={stored(product.name)} />
          <SummaryRow label={trans('Billing cycle')} value={cycleLabel(price, trans)} />
          <SummaryRow label={trans('Account')} value={user?.email ?? ''} />
          <SummaryRow
            label={trans('Total')}
            value={
              <span className="text-lg font-bold">{formatMoney(price.amount, price.currency, language)}</span>
            }
          />
        </dl>
        <p className="mt-3 text-xs text-muted">{trans('The price includes VAT where it applies.')}</p>
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          <TextField
            label={trans('Name on the invoice')}
            value={buyerName}
            onChange={setBuyerName}
            autoComplete="name"
            maxLength={120}
            errorMessage={nameError ? trans(nameError) : undefined}
          />
          <TextField
            label={trans('Tax number (TIN)')}
            description={trans('Optional, for a business invoice.')}
            value={buyerTin}
            onChange={setBuyerTin}
            maxLength={30}
            errorMessage={tinError ? trans(tinError) : undefined}
          />
        </div>
        {message && (
          <div role="alert" className="mt-4 rounded-theme border border-danger/40 bg-danger/10 p-3 text-sm">
            <p>
              {otherPlan
                ? trans('You already have another plan. Change plans from the billing page.')
                : message}
            </p>
            {otherPlan && (
              <a href={paths.billing()} className="mt-1 inline-block font-semibold text-primary underline">
                {trans('Go to billing')}
              </a>
            )}
          </div>
        )}
        <Button
          className="mt-5"
          size="lg"
          fullWidth
          onPress={pay}
          isPending={checkout.isPending || redirecting}
        >
          {trans('Pay {amount}', { amount: formatMoney(price.amount, price.currency, language) })}
        </Button>
        <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-muted">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {trans('You finish paying on the payment provider’s secure page.')}
        </p>
      </div>
    );
  }

  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-xl flex-1 px-4 py-10 sm:px-6 lg:py-14">
      <LinkButton
        href={paths.pricing()}
        variant="text"
        size="sm"
        startIcon={<ArrowLeft aria-hidden="true" />}
      >
        {trans('All plans')}
      </LinkButton>
      <h1 className="mt-3 mb-6 text-2xl font-semibold sm:text-3xl">{trans('Checkout')}</h1>
      {body}
    </main>
  );
}

function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium">{value}</dd>
    </div>
  );
}
