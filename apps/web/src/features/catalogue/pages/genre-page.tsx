import { useParams } from 'react-router';
import { CollectionHeader } from '#src/components/collection-header';
import { PlayButton } from '#src/components/play-button';
import { HeaderSkeleton, PageError } from '#src/components/states';
import { playTracks, TrackList } from '#src/features/player';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { useStoredText } from '#src/lib/stored-text';
import { useGenre, useGenreTracks } from '../api/get-genre';

/** /genre/{name}: the genre's tracks, most played first, loaded page by page as you scroll. */
export default function GenrePage() {
  const { trans } = useTrans();
  const stored = useStoredText();
  const name = decodeURIComponent(useParams().name ?? '');
  const genre = useGenre(name);
  const tracks = useGenreTracks(name);
  // A demo genre's name ("Ambient") in the reader's language; an admin's own as they wrote it.
  const title = stored(genre.data?.display_name);
  usePageTitle(title);

  if (genre.isError) return <PageError error={genre.error} onRetry={() => void genre.refetch()} />;
  const list = tracks.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="flex flex-col gap-8">
      {!genre.data ? (
        <HeaderSkeleton />
      ) : (
        <CollectionHeader
          image={genre.data.image}
          kind={trans('Genre')}
          title={stored(genre.data.display_name)}
          actions={
            <PlayButton
              name={stored(genre.data.display_name)}
              isDisabled={!list.some((t) => t.stream_url)}
              onPress={() => playTracks(list, 0)}
            />
          }
        />
      )}
      {tracks.isError ? (
        <PageError error={tracks.error} onRetry={() => void tracks.refetch()} />
      ) : (
        <TrackList
          tracks={list}
          aria-label={trans('Popular {name} tracks', { name: title ?? name })}
          isLoading={tracks.isPending}
          hasMore={tracks.hasNextPage}
          isLoadingMore={tracks.isFetchingNextPage}
          onLoadMore={() => void tracks.fetchNextPage()}
        />
      )}
    </div>
  );
}
