import { type Invoice, msg, paymentMethodLabel, type SubscriptionView } from '@zema/contracts';
import { Download, FileText } from 'lucide-react';
import { useRef, useState } from 'react';
import { EmptyState, PageError } from '#src/components/states';
import { errorMessage } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { useStoredText } from '#src/lib/stored-text';
import { Button, buttonClass, LinkButton } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useBillingOverview } from '../api/get-billing-overview';
import { invoicePdfUrl } from '../api/get-invoice';
import { useOpenPortal } from '../api/open-portal';
import { useRenewSubscription } from '../api/renew-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { InvoiceStatusBadge, StatusBadge } from '../components/status-badge';
import { canRenewNow, useBillingFormat } from '../lib/billing-format';

/**
 * /billing (decision 0040): the plan in force — its status, the next renewal or the end date,
 * the payment method — with Change plan, Cancel (at the period's end) or Resume, and Renew now for
 * a prepaid plan near its end or in its grace days; then every invoice, to view, print or
 * download as a PDF in the reader's language. Without a plan: a way to the pricing page.
 */
export default function BillingPage() {
  const { trans } = useTrans();
  const title = trans('Billing');
  usePageTitle(title);
  const query = useBillingOverview();

  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full min-w-0 max-w-4xl flex-1 px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
      {query.isPending ? (
        <div className="flex justify-center py-24">
          <Spinner label={trans('Loading billing')} />
        </div>
      ) : query.isError ? (
        <PageError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data.subscription ? (
            <PlanCard subscription={query.data.subscription} />
          ) : (
            <div className="mt-6">
              <EmptyState
                title={trans('You have no plan yet')}
                description={trans('Pick a plan to listen without ads and download the music you love.')}
                action={
                  <LinkButton href={paths.pricing()} variant="primary">
                    {trans('See plans')}
                  </LinkButton>
                }
              />
            </div>
          )}
          <Invoices invoices={query.data.invoices} />
        </>
      )}
    </main>
  );
}

// How a price's period reads: one interval, or several ("/ 3 months").
const PERIOD = msg(
  '{interval, select, day {{count, plural, one {day} other {# days}}} week {{count, plural, one {week} other {# weeks}}} month {{count, plural, one {month} other {# months}}} other {{count, plural, one {year} other {# years}}}}',
);

function PlanCard({ subscription: s }: { subscription: SubscriptionView }) {
  const { trans } = useTrans();
  const stored = useStoredText();
  const { date, money } = useBillingFormat();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const renew = useRenewSubscription();
  const portal = useOpenPortal();
  // One key per visit of the page: a double click on Renew now starts one payment.
  const renewKey = useRef(`renew-${crypto.randomUUID()}`);
  const cancelled = s.status === 'cancelled' || s.cancel_at_period_end;
  const method = s.payment_method ? paymentMethodLabel(s.gateway, s.payment_method) : null;

  const when = (() => {
    if (s.status === 'past_due' && s.grace_ends_at)
      return trans('In the grace period until {date}', { date: date(s.grace_ends_at) });
    if (s.status === 'trialing' && s.trial_ends_at)
      return trans('Trial ends on {date}', { date: date(s.trial_ends_at) });
    if (!s.current_period_end) return null;
    if (cancelled) return trans('Valid until {date}', { date: date(s.current_period_end) });
    if (s.auto_renews) return trans('Renews on {date}', { date: date(s.current_period_end) });
    return trans('Paid until {date}', { date: date(s.current_period_end) });
  })();

  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.positive(trans('Your plan is cancelled. It stays until the end of the paid period.'));
      },
      onError: (err) => toast.danger(errorMessage(err)),
    });
  const onResume = () =>
    resume.mutate(undefined, {
      onSuccess: () => toast.positive(trans('Your plan is back on.')),
      onError: (err) => toast.danger(errorMessage(err)),
    });
  const onPortal = () =>
    portal.mutate(undefined, {
      onSuccess: (url) => window.location.assign(url),
      onError: (err) => toast.danger(errorMessage(err)),
    });
  const onRenew = () =>
    renew.mutate(
      { priceId: s.price!.id, idempotencyKey: renewKey.current },
      {
        onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
        onError: (err) => toast.danger(errorMessage(err)),
      },
    );

  return (
    <section
      aria-labelledby="billing-plan"
      className="mt-6 rounded-theme border border-divider bg-paper p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="billing-plan" className="text-xl font-semibold">
          {stored(s.product_name)}
        </h2>
        <StatusBadge subscription={s} />
      </div>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">{trans('Price')}</dt>
          <dd className="mt-0.5 font-medium">
            {s.price
              ? `${money(s.price.amount, s.price.currency)} / ${trans(PERIOD, {
                  interval: s.price.interval,
                  count: s.price.interval_count,
                })}`
              : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{cancelled ? trans('End date') : trans('Next renewal')}</dt>
          <dd className="mt-0.5 font-medium">{when ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted">{trans('Payment method')}</dt>
          <dd className="mt-0.5 font-medium">
            {method ? [trans(method.text), method.detail].filter(Boolean).join(' ') : '—'}
          </dd>
        </div>
      </dl>
      {s.scheduled_change && (
        <p className="mt-4 rounded-theme bg-hover px-3 py-2 text-sm">
          {trans('Your plan changes to {plan} on {date}.', {
            plan: stored(s.scheduled_change.product_name),
            date: date(s.scheduled_change.at),
          })}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-2">
        <LinkButton href={paths.pricing()} variant="outline">
          {trans('Change plan')}
        </LinkButton>
        {s.gateway === 'stripe' && (
          <Button variant="outline" onPress={onPortal} isPending={portal.isPending}>
            {trans('Update card')}
          </Button>
        )}
        {canRenewNow(s) && (
          <Button variant="primary" onPress={onRenew} isPending={renew.isPending}>
            {trans('Renew now')}
          </Button>
        )}
        {cancelled ? (
          s.valid && (
            <Button variant="primary" onPress={onResume} isPending={resume.isPending}>
              {trans('Resume plan')}
            </Button>
          )
        ) : (
          <Button variant="text" onPress={() => setConfirming(true)}>
            {trans('Cancel plan')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        title={trans('Cancel your plan?')}
        isOpen={confirming}
        onOpenChange={setConfirming}
        cancelLabel={trans('Keep my plan')}
        confirmLabel={trans('Cancel plan')}
        danger
        isPending={cancel.isPending}
        onConfirm={onCancel}
      >
        <p>
          {s.current_period_end
            ? trans('You keep {plan} until {date}. You can resume it until then.', {
                plan: stored(s.product_name),
                date: date(s.current_period_end),
              })
            : trans('You can resume it while it is still valid.')}
        </p>
      </ConfirmDialog>
    </section>
  );
}

function Invoices({ invoices }: { invoices: Invoice[] }) {
  const { trans, language } = useTrans();
  const { date, money } = useBillingFormat();
  return (
    <section aria-labelledby="billing-invoices" className="mt-10">
      <h2 id="billing-invoices" className="text-lg font-semibold">
        {trans('Invoices')}
      </h2>
      {invoices.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{trans('No invoices yet.')}</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto rounded-theme border border-divider">
          <table className="w-full text-start text-sm">
            <thead className="bg-bg-alt text-xs text-muted">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3 text-start font-semibold">
                  {trans('Number')}
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-start font-semibold">
                  {trans('Date')}
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-end font-semibold">
                  {trans('Amount')}
                </th>
                <th scope="col" className="hidden px-2 py-2 sm:px-3 text-start font-semibold sm:table-cell">
                  {trans('Status')}
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-end font-semibold">
                  <span className="sr-only">{trans('Actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id} className="border-t border-divider">
                  <th scope="row" className="px-2 py-2 sm:px-3 text-start font-medium tabular-nums">
                    {invoice.display_number}
                  </th>
                  <td className="whitespace-nowrap px-2 py-2 sm:px-3">{date(invoice.issued_at, 'medium')}</td>
                  <td className="whitespace-nowrap px-2 py-2 sm:px-3 text-end tabular-nums">
                    {money(invoice.total, invoice.currency)}
                    {invoice.refunded > 0 && (
                      <span className="block text-xs text-muted">
                        {trans('Refunded {amount}', { amount: money(invoice.refunded, invoice.currency) })}
                      </span>
                    )}
                  </td>
                  <td className="hidden px-2 py-2 sm:px-3 sm:table-cell">
                    <InvoiceStatusBadge invoice={invoice} />
                  </td>
                  <td className="px-2 py-2 sm:px-3">
                    <div className="flex justify-end gap-1">
                      <LinkButton
                        href={paths.billingInvoice(invoice.number)}
                        variant="text"
                        size="sm"
                        startIcon={<FileText aria-hidden />}
                        aria-label={trans('View invoice {number}', { number: invoice.display_number })}
                      >
                        <span className="hidden sm:inline">{trans('View')}</span>
                      </LinkButton>
                      <a
                        href={invoicePdfUrl(invoice.number, language)}
                        download
                        className={buttonClass({ variant: 'text', size: 'sm' })}
                        aria-label={trans('Download invoice {number} as PDF', {
                          number: invoice.display_number,
                        })}
                      >
                        <Download aria-hidden className="size-4" />
                        {/* i18n-ignore */}
                        <span className="hidden sm:inline">PDF</span>
                      </a>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
