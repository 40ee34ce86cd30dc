import { ADMIN_PERMISSIONS, msg } from '@zema/contracts';
import { ANALYTICS_RANGES, type AnalyticsRange, type AnalyticsResponse } from '@zema/contracts/admin';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { PageError } from '#src/components/states';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { isoDay, useFormat } from '#src/lib/format';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { BarList } from '#src/ui/bar-list';
import { cx } from '#src/ui/cx';
import { Select } from '#src/ui/select';
import { Spinner } from '#src/ui/spinner';
import { TimeChart } from '#src/ui/time-chart';
import { useAnalytics } from '../api/get-analytics';
import { RevenueCharts } from '../components/revenue-charts';

const RANGE_LABELS: Record<AnalyticsRange, string> = {
  today: msg('Today'),
  '7d': msg('Last 7 days'),
  '30d': msg('Last 30 days'),
  '90d': msg('Last 90 days'),
  '12m': msg('Last 12 months'),
  custom: msg('Custom range'),
};

/** Country names in the reader's language (none where the browser cannot name regions). */
const regionNames = (language: string) => {
  try {
    return new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    return null;
  }
};

/** A device type (`mobile`, `tablet`, `computer`) in the reader's words. */
const deviceName = (trans: TransFn, key: string | null) =>
  key
    ? trans('{device, select, mobile {mobile} tablet {tablet} computer {computer} other {{device}}}', {
        device: key,
      })
    : trans('Unknown');

/** The admin's time zone: their own, else the site's default, else the browser's. */
function useAdminTimeZone(): string {
  const { user } = useAuth();
  const settings = useSettings();
  return (
    user?.timezone ||
    settings.dates.default_timezone ||
    Intl.DateTimeFormat().resolvedOptions().timeZone ||
    'UTC'
  );
}

function Kpi({ label, value, previous }: { label: string; value: number; previous: number | null }) {
  const format = useFormat();
  const { trans } = useTrans();
  const change = previous === null || previous === 0 ? null : ((value - previous) / previous) * 100;
  const Icon = change === null || Math.abs(change) < 0.5 ? Minus : change > 0 ? ArrowUpRight : ArrowDownRight;
  const changeText =
    previous === null
      ? trans('Right now')
      : change === null
        ? trans('{previous} the period before', { previous: format.number(previous) })
        : trans('{change}% against the period before ({previous})', {
            change: `${change > 0 ? '+' : ''}${change.toFixed(1)}`,
            previous: format.number(previous),
          });
  return (
    <div className="flex flex-col gap-1 rounded-theme border border-divider bg-bg p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-fg">{format.number(value)}</dd>
      <dd className="flex items-center gap-1 text-xs text-muted">
        <Icon
          aria-hidden
          className={cx(
            'size-3.5',
            change !== null && change > 0.5 && 'text-positive',
            change !== null && change < -0.5 && 'text-danger',
          )}
        />
        {changeText}
      </dd>
    </div>
  );
}

function Charts({ data }: { data: AnalyticsResponse }) {
  const { trans, language } = useTrans();
  const countryNames = useMemo(() => regionNames(language), [language]);
  const labels = useMemo(() => data.series.map((p) => p.label.replace('T', ' ')), [data.series]);
  const series = useMemo(
    () => [
      { label: trans('Plays'), values: data.series.map((p) => p.plays), colorVar: '--color-primary' },
      { label: trans('Listeners'), values: data.series.map((p) => p.listeners), colorVar: '--color-muted' },
    ],
    [data.series, trans],
  );
  const k = data.kpis;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <Kpi label={trans('Plays')} {...k.plays} />
        <Kpi label={trans('Unique listeners')} {...k.listeners} />
        <Kpi label={trans('New users')} {...k.new_users} />
        <Kpi label={trans('New tracks')} {...k.new_tracks} />
        <Kpi label={trans('Active sessions')} {...k.active_sessions} />
      </dl>
      <AdminCard>
        <TimeChart title={trans('Plays and listeners over time')} labels={labels} series={series} />
      </AdminCard>
      <div className="grid gap-4 lg:grid-cols-3">
        <AdminCard>
          <BarList
            title={trans('Top tracks')}
            items={data.top_tracks.map((t) => ({
              key: String(t.id),
              label: `${t.name} — ${t.artists.map((a) => a.name).join(', ')}`,
              value: t.plays,
            }))}
          />
        </AdminCard>
        <AdminCard>
          <BarList
            title={trans('Top artists')}
            items={data.top_artists.map((a) => ({ key: String(a.id), label: a.name, value: a.plays }))}
          />
        </AdminCard>
        <AdminCard>
          <BarList
            title={trans('Top albums')}
            items={data.top_albums.map((a) => ({ key: String(a.id), label: a.name, value: a.plays }))}
          />
        </AdminCard>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <AdminCard>
          <BarList
            title={trans('Plays by country')}
            items={data.by_country.map((r) => ({
              key: r.key ?? '-',
              label: r.key ? (countryNames?.of(r.key) ?? r.key) : trans('Unknown'),
              value: r.plays,
            }))}
          />
        </AdminCard>
        <AdminCard>
          <BarList
            title={trans('Plays by device')}
            items={data.by_device_type.map((r) => ({
              key: r.key ?? '-',
              label: deviceName(trans, r.key),
              value: r.plays,
            }))}
          />
        </AdminCard>
        <AdminCard>
          <BarList
            title={trans('Plays by platform')}
            items={data.by_platform.map((r) => ({
              key: r.key ?? '-',
              label: r.key ?? trans('Unknown'),
              value: r.plays,
            }))}
          />
        </AdminCard>
        <AdminCard>
          <BarList
            title={trans('Plays by browser')}
            items={data.by_browser.map((r) => ({
              key: r.key ?? '-',
              label: r.key ?? trans('Unknown'),
              value: r.plays,
            }))}
          />
        </AdminCard>
      </div>
    </>
  );
}

/** /admin: KPIs, plays and listeners over time, top lists and breakdowns, for a range in the admin's zone. */
export default function DashboardPage() {
  const { trans } = useTrans();
  const [search, setSearch] = useSearchParams();
  const auth = useAuth();
  const billingOn = useSettings().billing.enable;
  const timezone = useAdminTimeZone();
  const rangeParam = search.get('range');
  const range: AnalyticsRange = (ANALYTICS_RANGES as readonly string[]).includes(rangeParam ?? '')
    ? (rangeParam as AnalyticsRange)
    : '7d';
  const today = isoDay(new Date(), timezone);
  const from = search.get('from') ?? today;
  const to = search.get('to') ?? today;
  const query = useMemo(
    () => ({ range, timezone, ...(range === 'custom' ? { from, to } : {}) }),
    [range, timezone, from, to],
  );
  const analytics = useAnalytics(query);
  const set = (next: Record<string, string>) =>
    setSearch((prev) => {
      const p = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(next)) p.set(k, v);
      return p;
    });

  return (
    <AdminPage
      title={trans('Dashboard')}
      breadcrumbs={[]}
      description={trans('Listening and growth on the site, in {timezone} time.', {
        timezone: timezone.replace(/_/g, ' '),
      })}
      actions={
        <div className="flex flex-wrap items-end gap-2">
          <Select
            aria-label={trans('Range')}
            className="w-44"
            items={ANALYTICS_RANGES.map((id) => ({ id, label: trans(RANGE_LABELS[id]) }))}
            selectedKey={range}
            onSelectionChange={(key) => set({ range: String(key) })}
          />
          {range === 'custom' && (
            <>
              <label className="flex flex-col text-xs text-muted">
                {trans('From')}
                <input
                  type="date"
                  value={from}
                  max={to}
                  onChange={(e) => e.target.value && set({ from: e.target.value })}
                  className="h-10 rounded-theme border border-divider bg-bg px-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary"
                />
              </label>
              <label className="flex flex-col text-xs text-muted">
                {trans('To')}
                <input
                  type="date"
                  value={to}
                  min={from}
                  onChange={(e) => e.target.value && set({ to: e.target.value })}
                  className="h-10 rounded-theme border border-divider bg-bg px-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary"
                />
              </label>
            </>
          )}
        </div>
      }
    >
      {analytics.isPending ? (
        <div className="flex justify-center py-20">
          <Spinner label={trans('Loading the dashboard')} />
        </div>
      ) : analytics.isError ? (
        <PageError error={analytics.error} onRetry={() => analytics.refetch()} />
      ) : (
        <div
          className={cx('flex flex-col gap-4', analytics.isFetching && 'opacity-70')}
          aria-busy={analytics.isFetching}
        >
          <Charts data={analytics.data} />
        </div>
      )}
      {billingOn && auth.hasPermission(ADMIN_PERMISSIONS.billingManage) && <RevenueCharts />}
    </AdminPage>
  );
}
