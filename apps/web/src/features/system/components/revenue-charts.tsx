import { CURRENCIES, CURRENCY_MINOR_UNITS } from '@zema/contracts';
import { REVENUE_RANGES } from '@zema/contracts/admin';
import { useState } from 'react';
import { AdminCard } from '#src/components/admin/admin-page';
import { PageError } from '#src/components/states';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';
import { Select } from '#src/ui/select';
import { Spinner } from '#src/ui/spinner';
import { TimeChart } from '#src/ui/time-chart';
import { type RevenueRange, useRevenue } from '../api/get-revenue';

/**
 * The dashboard's revenue (decision 0043), shown while billing is on: MRR now and per day in
 * each currency (never added across currencies), and new, churned and failed renewals per day.
 */
export function RevenueCharts() {
  const { trans } = useTrans();
  const format = useFormat();
  const [days, setDays] = useState<RevenueRange>('30');
  const revenue = useRevenue(days);
  const data = revenue.data;
  const labels = data?.days.map((d) => d.day) ?? [];
  return (
    <section aria-labelledby="revenue-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="revenue-heading" className="text-lg font-semibold text-fg">
          {trans('Revenue')}
        </h2>
        <Select
          aria-label={trans('Revenue period')}
          className="w-44"
          items={REVENUE_RANGES.map((id) => ({ id, label: trans('Last {days} days', { days: id }) }))}
          selectedKey={days}
          onSelectionChange={(k) => k && setDays(String(k) as RevenueRange)}
        />
      </div>
      {revenue.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={trans('Loading revenue')} />
        </div>
      ) : revenue.isError || !data ? (
        <PageError error={revenue.error} onRetry={() => revenue.refetch()} />
      ) : (
        <div
          className={cx('flex flex-col gap-4', revenue.isFetching && 'opacity-70')}
          aria-busy={revenue.isFetching}
        >
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            {CURRENCIES.map((c) => (
              <div key={c} className="flex flex-col gap-1 rounded-theme border border-divider bg-bg p-4">
                <dt className="text-sm text-muted">{trans('MRR ({currency})', { currency: c })}</dt>
                <dd className="text-2xl font-bold tabular-nums text-fg">{format.money(data.mrr[c], c)}</dd>
              </div>
            ))}
            <div className="flex flex-col gap-1 rounded-theme border border-divider bg-bg p-4">
              <dt className="text-sm text-muted">{trans('New subscriptions')}</dt>
              <dd className="text-2xl font-bold tabular-nums text-fg">
                {format.number(data.days.reduce((n, d) => n + d.new, 0))}
              </dd>
            </div>
            <div className="flex flex-col gap-1 rounded-theme border border-divider bg-bg p-4">
              <dt className="text-sm text-muted">{trans('Churned')}</dt>
              <dd className="text-2xl font-bold tabular-nums text-fg">
                {format.number(data.days.reduce((n, d) => n + d.churned, 0))}
              </dd>
            </div>
          </dl>
          <div className="grid gap-4 lg:grid-cols-2">
            {CURRENCIES.map((c) => (
              <AdminCard key={c}>
                <TimeChart
                  title={trans('MRR in {currency}', { currency: c })}
                  labels={labels}
                  series={[
                    {
                      label: trans('MRR ({currency})', { currency: c }),
                      values: data.days.map((d) => d.mrr[c] / CURRENCY_MINOR_UNITS[c]),
                      colorVar: c === 'ETB' ? '--color-primary' : '--color-muted',
                    },
                  ]}
                />
              </AdminCard>
            ))}
          </div>
          <AdminCard>
            <TimeChart
              title={trans('New, churned and failed renewals')}
              labels={labels}
              series={[
                { label: trans('New'), values: data.days.map((d) => d.new), colorVar: '--color-positive' },
                {
                  label: trans('Churned'),
                  values: data.days.map((d) => d.churned),
                  colorVar: '--color-warning',
                },
                {
                  label: trans('Failed renewals'),
                  values: data.days.map((d) => d.failed_renewals),
                  colorVar: '--color-danger',
                },
              ]}
            />
          </AdminCard>
        </div>
      )}
    </section>
  );
}
