import type { ChangePlanResponse, Currency, PlanChangeQuote, Price } from '@zema/contracts';
import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '#src/lib/api-error';
import { formatDate, formatMoney } from '#src/lib/format';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { useStoredText } from '#src/lib/stored-text';
import { Button, LinkButton } from '#src/ui/button';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { useChangePlan, useChangePlanQuote } from '../api/change-plan';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** 'Premium monthly', 'Artist Pro every 3 months': a plan and its billing cycle, in words. */
export function planName(
  trans: TransFn,
  name: string,
  price: Pick<Price, 'amount' | 'interval' | 'interval_count'> | null,
) {
  // A free plan has no billing cycle worth naming.
  if (!price || price.amount <= 0) return name;
  if (price.interval_count > 1) {
    const every = {
      day: trans('{name} every {count} days', { name, count: price.interval_count }),
      week: trans('{name} every {count} weeks', { name, count: price.interval_count }),
      month: trans('{name} every {count} months', { name, count: price.interval_count }),
      year: trans('{name} every {count} years', { name, count: price.interval_count }),
    };
    return every[price.interval];
  }
  const cycle = {
    day: trans('{name} daily', { name }),
    week: trans('{name} weekly', { name }),
    month: trans('{name} monthly', { name }),
    year: trans('{name} yearly', { name }),
  };
  return cycle[price.interval];
}

const GATEWAY_NAMES: Record<PlanChangeQuote['current']['gateway'], string> = {
  stripe: 'Stripe',
  chapa: 'Chapa',
  sandbox: 'Sandbox',
  manual: 'Zema',
};

/** The quote in plain words: what is paid now, what starts when, what is kept until then. */
export function describeQuote(trans: TransFn, quote: PlanChangeQuote, language: string): string[] {
  const money = (amount: number, currency: Currency = quote.currency) =>
    formatMoney(amount, currency, language);
  const day = (iso: string | null) => formatDate(iso, language);
  const current = planName(trans, quote.current.product_name, quote.current.price);
  const next = planName(trans, quote.next.product_name, quote.next.price);
  const values = {
    current,
    next,
    price: money(quote.next.price.amount),
    due: money(quote.amount_due),
    credit: money(quote.credit),
    days: quote.unused_days,
    start: day(quote.starts_at),
    renews: day(quote.renews_at),
    end: day(quote.current.current_period_end),
    gateway: GATEWAY_NAMES[quote.current.gateway],
  };
  switch (quote.kind) {
    case 'upgrade_now': {
      const lines = [
        quote.credit > 0
          ? trans(
              'You pay {due} now: {next} costs {price}, minus {credit} credit for {days} unused days of {current}.',
              values,
            )
          : trans('You pay {due} now: {next} costs {price}.', values),
      ];
      if (quote.credit_unavailable === 'currency')
        lines.push(
          trans(
            'The {days} unused days of {current} were paid in another currency, so they cannot be credited.',
            values,
          ),
        );
      lines.push(trans('Your new plan starts today and renews on {renews}.', values));
      return lines;
    }
    case 'downgrade_at_period_end': {
      const lines = [trans('Your plan changes to {next} on {start}. Until then you keep {current}.', values)];
      if (quote.reason === 'credit_covers_price')
        lines.push(
          trans('The time you already paid for is worth more than {next}, so nothing is lost.', values),
        );
      if (quote.reason !== 'free')
        lines.push(
          trans('Nothing to pay now. On {start} you renew at {price}, and we remind you before.', values),
        );
      else lines.push(trans('Nothing to pay now, and nothing more after that.', values));
      return lines;
    }
    case 'prorated_by_gateway': {
      const lines = [
        trans(
          '{gateway} prorates the change: your plan changes to {next} now, and the unused part of {current} counts toward it.',
          values,
        ),
      ];
      if (quote.credit_unavailable !== 'currency')
        lines.push(
          trans('Estimated to pay now: about {due} (the exact amount comes from {gateway}).', values),
        );
      return lines;
    }
    case 'keep_current':
      return [
        trans('You keep {current}, and it renews as before on {end}.', values),
        trans('The change or cancellation waiting for {end} is called off.', values),
      ];
  }
}

function doneMessage(trans: TransFn, done: ChangePlanResponse): string {
  switch (done.quote?.kind) {
    case 'keep_current':
      return trans('Done: you keep your plan.');
    case 'prorated_by_gateway':
      return trans('Done: your plan is changing. It shows on the billing page in a moment.');
    default:
      return trans('Done: your plan change is scheduled.');
  }
}

/**
 * `/change-plan/{productId}/{priceId}/confirm` (SPEC §2; decision 0041): exactly what changing
 * to this price does, then Confirm — a checkout for an upgrade, otherwise done here. It sits in the
 * site's frame (header and footer) like pricing and checkout, the pages it comes from and leads to.
 */
export default function ChangePlanPage() {
  const { trans, language } = useTrans();
  usePageTitle(trans('Change plan'));
  const params = useParams();
  const target = { productId: Number(params.productId), priceId: Number(params.priceId) };
  const wellFormed = Number.isInteger(target.productId) && Number.isInteger(target.priceId);
  const quote = useChangePlanQuote(target, wellFormed);
  const stored = useStoredText();
  // The plans by their names in the reader's language (an example plan's seeded name is translated).
  const data = quote.data && {
    ...quote.data,
    current: { ...quote.data.current, product_name: stored(quote.data.current.product_name) },
    next: { ...quote.data.next, product_name: stored(quote.data.next.product_name) },
  };
  const change = useChangePlan(target);
  const [key] = useState(newKey);
  const [done, setDone] = useState<ChangePlanResponse | null>(null);

  const confirm = () =>
    change.mutate(key, {
      onSuccess: (answer) => {
        if (answer.redirect_url) window.location.assign(answer.redirect_url);
        else setDone(answer);
      },
    });

  const loadError = !wellFormed
    ? trans('This plan is not on sale.')
    : quote.error instanceof ApiError && quote.error.status < 500
      ? quote.error.message
      : quote.isError
        ? trans('There was an issue loading this page')
        : null;

  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className="flex flex-1 items-start justify-center px-4 py-10 outline-none sm:px-6 lg:py-14"
    >
      <div className="flex w-full max-w-lg flex-col gap-5 rounded-theme border border-divider bg-paper p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <ArrowRightLeft aria-hidden="true" className="size-6 shrink-0 text-primary" />
          <h1 className="text-xl font-semibold">{trans('Change plan')}</h1>
        </div>
        {wellFormed && quote.isPending && <Spinner label={trans('Loading')} />}
        {loadError && (
          <>
            <p role="alert" className="text-sm">
              {loadError}
            </p>
            <LinkButton href={paths.pricing()} variant="outline">
              {trans('Back to pricing')}
            </LinkButton>
          </>
        )}
        {data && !done && (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{trans('Current plan')}</dt>
              <dd className="font-medium">
                {planName(trans, data.current.product_name, data.current.price)}
              </dd>
              <dt className="text-muted">{trans('New plan')}</dt>
              <dd className="font-medium">{planName(trans, data.next.product_name, data.next.price)}</dd>
              {data.kind !== 'keep_current' && (
                <>
                  <dt className="text-muted">
                    {data.estimated ? trans('Estimated due now') : trans('Due now')}
                  </dt>
                  <dd className="font-semibold tabular-nums">
                    {formatMoney(data.amount_due, data.currency, language)}
                  </dd>
                </>
              )}
            </dl>
            <div className="flex flex-col gap-2 text-sm leading-relaxed" data-testid="change-plan-summary">
              {describeQuote(trans, data, language).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
            {change.error && (
              <p role="alert" className="text-sm text-danger">
                {change.error.message}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <LinkButton href={paths.pricing()} variant="outline">
                {trans('Cancel')}
              </LinkButton>
              <Button isPending={change.isPending} isDisabled={change.isPending} onPress={confirm}>
                {data.kind === 'upgrade_now' ? trans('Confirm and pay') : trans('Confirm')}
              </Button>
            </div>
          </>
        )}
        {done && (
          <>
            <p role="status" className="text-sm font-medium">
              {doneMessage(trans, done)}
            </p>
            <LinkButton href={paths.billing()}>{trans('Go to billing')}</LinkButton>
          </>
        )}
      </div>
    </main>
  );
}
