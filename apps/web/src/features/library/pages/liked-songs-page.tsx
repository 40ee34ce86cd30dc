import { Heart } from 'lucide-react';
import { useMemo } from 'react';
import { CollectionHeader } from '#src/components/collection-header';
import { PlayButton } from '#src/components/play-button';
import { EmptyState, PagedList, TrackRowsSkeleton } from '#src/components/states';
import { playTracks, TrackList } from '#src/features/player';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { useLikedTracks } from '../api/get-liked-tracks';

/** /liked-songs: every track the user hearted, newest first, with play all and play from here. */
export default function LikedSongsPage() {
  const { trans } = useTrans();
  const query = useLikedTracks();
  const tracks = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? tracks.length;
  const items = useMemo(() => tracks.map((track) => ({ key: String(track.id), track })), [tracks]);
  const title = trans('Liked songs');
  usePageTitle(title);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <CollectionHeader
        className="pb-6"
        kind={trans('Playlist')}
        title={title}
        fallback={
          <span className="flex size-full items-center justify-center bg-gradient-to-br from-primary to-primary-hover text-on-primary">
            <Heart aria-hidden="true" className="size-16" fill="currentColor" />
          </span>
        }
        details={
          query.data ? trans('{count, plural, one {# song} other {# songs}}', { count: total }) : undefined
        }
        actions={
          <PlayButton name={title} isDisabled={!tracks.length} onPress={() => playTracks(tracks, 0)} />
        }
      />
      <PagedList
        query={query}
        isEmpty={tracks.length === 0}
        skeleton={<TrackRowsSkeleton />}
        empty={
          <EmptyState
            title={trans('Songs you like will appear here')}
            description={trans('Save songs by tapping the heart icon.')}
          />
        }
      >
        <TrackList aria-label={title} items={items} onPlay={(index) => playTracks(tracks, index)} />
      </PagedList>
    </div>
  );
}
