import { type SandboxOutcome, TX_REF_PATTERN } from '@zema/contracts';
import { CircleCheck, CircleX, FlaskConical, Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageError } from '#src/components/states';
import { errorMessage } from '#src/lib/api-error';
import { formatMoney } from '#src/lib/format';
import { Trans, useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { Button, LinkButton } from '#src/ui/button';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { useSandboxCharge, useSandboxDecide } from '../api/sandbox';

/**
 * The sandbox gateway's checkout (decision 0038): clearly test mode, no money moves. The buyer
 * picks what the payment does; the sandbox then tells Zema through the same signed webhook,
 * verify and grant path as a real gateway, and sends the buyer to the return page.
 */
export default function SandboxCheckoutPage() {
  const { trans } = useTrans();
  const { txRef = '' } = useParams();
  usePageTitle(trans('Test payment'));
  const valid = TX_REF_PATTERN.test(txRef);

  return (
    <div className="flex min-h-dvh flex-col bg-bg-alt text-fg">
      <header>
        <div
          role="note"
          className="flex items-center justify-center gap-2 bg-[#ffd54f] px-4 py-2 text-center text-sm font-bold tracking-wide text-[#1a1a1a] uppercase"
        >
          <FlaskConical aria-hidden="true" className="size-4" />
          {trans('Test mode: no real money is charged')}
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-md flex-1 px-4 py-10">
        <h1 className="text-2xl font-semibold">{trans('Sandbox checkout')}</h1>
        {valid ? <SandboxCharge txRef={txRef} /> : <p className="mt-6">{trans('Unknown payment.')}</p>}
      </main>
    </div>
  );
}

function SandboxCharge({ txRef }: { txRef: string }) {
  const { trans, language } = useTrans();
  const navigate = useNavigate();
  const charge = useSandboxCharge(txRef);
  const decide = useSandboxDecide(txRef);

  if (charge.isPending)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={trans('Loading')} />
      </div>
    );
  if (charge.isError) return <PageError error={charge.error} onRetry={() => void charge.refetch()} />;

  const goBack = (returnUrl: string) => {
    const url = new URL(returnUrl, window.location.origin);
    if (url.origin === window.location.origin) void navigate(`${url.pathname}${url.search}`);
    else window.location.assign(url.href);
  };
  // The shop's own page (the app's address may differ from the browser's behind a proxy: same origin only).
  const cancelHref = (() => {
    const url = new URL(charge.data.cancel_url, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href;
  })();
  const choose = (outcome: SandboxOutcome) =>
    decide.mutate(outcome, { onSuccess: (decided) => goBack(decided.return_url) });

  const { amount, currency, description, status } = charge.data;
  const options: { outcome: SandboxOutcome; label: string; icon: ReactNode; hint: string }[] = [
    {
      outcome: 'success',
      label: trans('Pay successfully'),
      icon: <CircleCheck aria-hidden="true" />,
      hint: trans('The payment goes through and the plan starts.'),
    },
    {
      outcome: 'failed',
      label: trans('Fail the payment'),
      icon: <CircleX aria-hidden="true" />,
      hint: trans('As if the card or wallet was declined.'),
    },
    {
      outcome: 'pending',
      label: trans('Leave it pending'),
      icon: <Hourglass aria-hidden="true" />,
      hint: trans('As if the bank has not answered yet.'),
    },
  ];

  return (
    <div className="mt-6 rounded-2xl border border-divider bg-paper p-5 shadow-sm">
      <p className="text-sm text-muted">{description}</p>
      <p className="mt-1 text-3xl font-extrabold">{formatMoney(amount, currency, language)}</p>
      <p className="mt-1 text-xs text-muted">
        <Trans
          message="Reference: {reference}"
          elements={{ reference: <span className="font-mono">{txRef}</span> }}
        />
      </p>
      {status !== 'pending' ? (
        <div className="mt-5">
          <p>{trans('This test payment has been decided already.')}</p>
          <Button className="mt-3" fullWidth onPress={() => goBack(charge.data.return_url)}>
            {trans('Back to the shop')}
          </Button>
        </div>
      ) : (
        <fieldset className="mt-5">
          <legend className="mb-3 text-sm font-medium">{trans('What should this test payment do?')}</legend>
          <div className="flex flex-col gap-3">
            {options.map((option) => (
              <div key={option.outcome}>
                <Button
                  fullWidth
                  variant={option.outcome === 'success' ? 'primary' : 'outline'}
                  startIcon={option.icon}
                  isDisabled={decide.isPending && decide.variables !== option.outcome}
                  isPending={decide.isPending && decide.variables === option.outcome}
                  onPress={() => choose(option.outcome)}
                >
                  {option.label}
                </Button>
                <p className="mt-1 text-xs text-muted">{option.hint}</p>
              </div>
            ))}
          </div>
          {decide.isError && (
            <p role="alert" className="mt-3 text-sm text-danger">
              {errorMessage(decide.error)}
            </p>
          )}
          {/* As a real gateway's cancel link: nothing is decided, the buyer is back where they chose. */}
          <LinkButton
            href={cancelHref}
            variant="text"
            fullWidth
            className="mt-4"
            isDisabled={decide.isPending}
          >
            {trans('Cancel and go back')}
          </LinkButton>
        </fieldset>
      )}
    </div>
  );
}
