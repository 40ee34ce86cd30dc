import {
  INSIGHTS_RANGE_LABELS,
  INSIGHTS_RANGES,
  type InsightsRange,
  type InsightsResponse,
} from '@zema/contracts';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '#src/components/states';
import { OpenArtistWorkspace } from '#src/features/workspaces';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { BarList } from '#src/ui/bar-list';
import { LinkButton } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { LoadingPage } from '#src/ui/loading-page';
import { Select } from '#src/ui/select';
import { Spinner } from '#src/ui/spinner';
import { TimeChart } from '#src/ui/time-chart';
import { useInsights } from '../api/get-insights';
import { ArtistSwitch, useCurrentArtist } from '../components/artist-switch';
import { BackstageCard, BackstageFrame } from '../components/backstage-frame';
import { bucketLabel, changeText, countryLabel, deviceLabel, trend } from '../components/insights-format';

/** /backstage/insights: plays, listeners, top tracks, countries and devices of the chosen artist. */
export default function BackstageInsightsPage() {
  const { trans } = useTrans();
  const artist = useCurrentArtist();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('range');
  const range: InsightsRange = (INSIGHTS_RANGES as readonly string[]).includes(wanted ?? '')
    ? (wanted as InsightsRange)
    : '28d';
  const chooseRange = (next: string) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('range', next);
        return q;
      },
      { replace: true },
    );
  if (artist.isPending) return <LoadingPage />;
  if (artist.missing) return <OpenArtistWorkspace artistId={artist.missing} />;
  return (
    <BackstageFrame
      title={trans('Insights')}
      description={trans('Who plays your music, where and on what. Days are counted in UTC.')}
      actions={
        artist.current && (
          <>
            <Select
              label={trans('Range')}
              className="w-44"
              items={INSIGHTS_RANGES.map((id) => ({ id, label: trans(INSIGHTS_RANGE_LABELS[id]) }))}
              selectedKey={range}
              onSelectionChange={(key) => key !== null && chooseRange(String(key))}
            />
            <ArtistSwitch state={artist} />
          </>
        )
      }
    >
      {artist.current ? (
        <InsightsView key={artist.current.id} artistId={artist.current.id} range={range} />
      ) : (
        <EmptyState
          title={trans('No artist yet')}
          description={trans('Once a request is approved, your listening figures show here.')}
        />
      )}
    </BackstageFrame>
  );
}

function InsightsView({ artistId, range }: { artistId: number; range: InsightsRange }) {
  const { trans } = useTrans();
  const insights = useInsights(artistId, range);
  if (insights.isPending)
    return (
      <div className="flex justify-center py-20">
        <Spinner label={trans('Loading insights')} />
      </div>
    );
  if (insights.isError) return <ErrorState onRetry={() => insights.refetch()} />;
  return (
    <div
      className={cx('flex flex-col gap-4', insights.isFetching && 'opacity-70')}
      aria-busy={insights.isFetching}
    >
      <Insights data={insights.data} />
    </div>
  );
}

function Figure({ label, value, previous }: { label: string; value: number; previous: number }) {
  const format = useFormat();
  const { trans } = useTrans();
  const direction = trend(value, previous);
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : Minus;
  return (
    <div className="flex flex-col gap-1 rounded-theme border border-divider bg-bg p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-3xl font-bold tabular-nums text-fg">{format.number(value)}</dd>
      <dd className="flex items-center gap-1 text-xs text-muted">
        <Icon
          aria-hidden
          className={cx(
            'size-3.5 shrink-0',
            direction === 'up' && 'text-positive',
            direction === 'down' && 'text-danger',
          )}
        />
        {changeText(value, previous, trans, format.language)}
      </dd>
    </div>
  );
}

/** The figures, the chart and the lists of one answer; an empty state when nothing was played. */
export function Insights({ data }: { data: InsightsResponse }) {
  const format = useFormat();
  const { trans } = useTrans();
  const labels = useMemo(() => data.series.map((p) => bucketLabel(p.label, trans)), [data.series, trans]);
  const series = useMemo(
    () => [{ label: trans('Plays'), values: data.series.map((p) => p.plays), colorVar: '--color-primary' }],
    [data.series, trans],
  );
  return (
    <>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Figure label={trans('Plays')} {...data.plays} />
        <Figure label={trans('Unique listeners')} {...data.listeners} />
      </dl>
      {data.plays.value === 0 ? (
        <BackstageCard>
          <EmptyState
            title={trans('No plays yet')}
            description={trans(
              'Nobody has played {name} in the {range, select, 7d {last 7 days} 90d {last 90 days} 12m {last 12 months} other {last 28 days}}. Plays show here as soon as listeners press play.',
              { range: data.range.range, name: data.artist.name },
            )}
            action={
              <LinkButton variant="outline" href={paths.backstageUpload()}>
                {trans('Upload music')}
              </LinkButton>
            }
          />
        </BackstageCard>
      ) : (
        <>
          <BackstageCard>
            <TimeChart title={trans('Plays over time')} labels={labels} series={series} />
          </BackstageCard>
          <BackstageCard title={trans('Top tracks')}>
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{trans('Top tracks, most played first')}</caption>
                <thead className="text-xs uppercase text-muted">
                  <tr>
                    <th scope="col" className="w-10 py-2 pr-2">
                      #
                    </th>
                    <th scope="col" className="py-2 pr-2">
                      {trans('Track')}
                    </th>
                    <th scope="col" className="py-2 text-right">
                      {trans('Plays')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.top_tracks.map((track, i) => (
                    <tr key={track.id} className="border-t border-divider">
                      <td className="py-2 pr-2 tabular-nums text-muted">{i + 1}</td>
                      <th scope="row" className="max-w-0 truncate py-2 pr-2 font-medium text-fg">
                        {track.name}
                      </th>
                      <td className="py-2 text-right tabular-nums">{format.number(track.plays)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </BackstageCard>
          <div className="grid gap-4 md:grid-cols-2">
            <BackstageCard>
              <BarList
                title={trans('Countries')}
                items={data.countries.map((r) => ({
                  key: r.key ?? '-',
                  label: countryLabel(r.key, trans, format.language),
                  value: r.plays,
                }))}
              />
            </BackstageCard>
            <BackstageCard>
              <BarList
                title={trans('Devices')}
                items={data.devices.map((r) => ({
                  key: r.key ?? '-',
                  label: deviceLabel(r.key, trans),
                  value: r.plays,
                }))}
              />
            </BackstageCard>
          </div>
        </>
      )}
    </>
  );
}
