import { History } from 'lucide-react';
import { useMemo } from 'react';
import { CollectionHeader } from '#src/components/collection-header';
import { PlayButton } from '#src/components/play-button';
import { EmptyState, PagedList, TrackRowsSkeleton } from '#src/components/states';
import { playTracks, TrackList } from '#src/features/player';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { useListeningHistory } from '../api/get-history';

/** /library/history: what the user listened to, most recent first. */
export default function HistoryPage() {
  const { trans } = useTrans();
  const format = useFormat();
  const query = useListeningHistory();
  const entries = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const tracks = useMemo(() => entries.map((e) => e.track), [entries]);
  const items = useMemo(
    () =>
      entries.map((e, i) => ({
        key: `${i}-${e.played_at}-${e.track.id}`,
        track: e.track,
        note: format.relativeTime(e.played_at),
      })),
    [entries, format],
  );
  const title = trans('Listening history');
  usePageTitle(title);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <CollectionHeader
        className="pb-6"
        kind={trans('Library')}
        title={title}
        fallback={<History aria-hidden="true" className="size-16" />}
        actions={
          <PlayButton name={title} isDisabled={!tracks.length} onPress={() => playTracks(tracks, 0)} />
        }
      />
      <PagedList
        query={query}
        isEmpty={items.length === 0}
        skeleton={<TrackRowsSkeleton />}
        empty={
          <EmptyState
            title={trans('Nothing played yet')}
            description={trans('Tracks you listen to will show up here.')}
          />
        }
      >
        <TrackList
          aria-label={title}
          items={items}
          noteLabel={trans('Played')}
          onPlay={(index) => playTracks(tracks, index)}
        />
      </PagedList>
    </div>
  );
}
