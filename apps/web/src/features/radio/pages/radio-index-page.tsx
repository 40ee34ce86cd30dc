import { RADIO_TEXTS, type RadioStation } from '@zema/contracts';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '#src/components/states';
import { useStationPlayback } from '#src/features/player';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { cx } from '#src/ui/cx';
import { useRadioStations } from '../api/list-stations';
import { StationArt } from '../components/station-art';
import { StationPlayButton } from '../components/station-play-button';

/** `/radio`: the public stations in the admin's order, each with its page and a play button. */
export default function RadioIndexPage() {
  const { trans } = useTrans();
  usePageTitle(trans('Radio'));
  const query = useRadioStations();
  const stations = query.data ?? [];
  return (
    <div className="flex flex-col gap-6 pb-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-extrabold md:text-4xl">{trans('Radio')}</h1>
        <p className="text-muted">{trans('Live stations, always on: press play and join in.')}</p>
      </header>
      {query.isPending ? (
        <ul aria-busy="true" aria-label={trans('Loading')} className={gridClass}>
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-28 animate-pulse rounded-theme bg-bg-alt" />
          ))}
        </ul>
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : stations.length === 0 ? (
        <EmptyState
          title={trans('No stations yet')}
          description={trans('Stations added in the admin show up here.')}
        />
      ) : (
        <ul className={gridClass}>
          {stations.map((station) => (
            <li key={station.id}>
              <StationCard station={station} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const gridClass = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

function StationCard({ station }: { station: RadioStation }) {
  const { trans } = useTrans();
  const { playing } = useStationPlayback(station.slug);
  return (
    <article
      className={cx(
        'flex h-full items-center gap-4 rounded-theme border p-3 transition-colors',
        playing ? 'border-primary bg-hover' : 'border-divider bg-bg-alt',
      )}
    >
      <StationArt src={station.cover} className="size-20 sm:size-24" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="text-base font-semibold">
          <Link to={paths.radio(station)} className="line-clamp-2 break-words hover:underline">
            {station.name}
          </Link>
        </h2>
        {playing && <p className="text-xs font-semibold text-fg">{trans(RADIO_TEXTS.playing)}</p>}
        {station.description && <p className="line-clamp-2 text-sm text-muted">{station.description}</p>}
      </div>
      <StationPlayButton station={station} size="md" />
    </article>
  );
}
