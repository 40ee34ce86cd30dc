import { useParams } from 'react-router';
import { AdSlot } from '#src/components/ad-slot';
import { ArtistLinks } from '#src/components/artist-links';
import { CollectionHeader } from '#src/components/collection-header';
import { DownloadButton } from '#src/components/download-button';
import { PlayButton } from '#src/components/play-button';
import { HeaderSkeleton, PageError } from '#src/components/states';
import { ShareButton } from '#src/features/embed';
import { LikeButton } from '#src/features/library';
import { playTracks, TrackList } from '#src/features/player';
import { formatDuration } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { useAlbum } from '../api/get-album';
import { ALBUM_TYPE_LABELS } from '../components/album-type-labels';

/** /album/{id}/{slug}: cover, artists, year, play, like, the tracks in order. */
export default function AlbumPage() {
  const { trans } = useTrans();
  const id = Number(useParams().albumId);
  const query = useAlbum(id);
  const album = query.data;
  usePageTitle(album?.name);

  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const tracks = album?.tracks ?? [];
  return (
    <div className="flex flex-col gap-8">
      <AdSlot slot="album_above" />
      {!album ? (
        <HeaderSkeleton />
      ) : (
        <CollectionHeader
          image={album.image}
          kind={trans(ALBUM_TYPE_LABELS[album.type])}
          title={album.name}
          details={
            <span className="flex flex-wrap items-center justify-center gap-x-1.5 md:justify-start">
              <ArtistLinks artists={album.artists} className="font-semibold text-fg" />
              {album.release_date && <span>· {album.release_date.slice(0, 4)}</span>}
              <span>
                ·{' '}
                {trans('{count, plural, one {# track} other {# tracks}}, {duration}', {
                  count: album.tracks_count,
                  duration: formatDuration(album.duration_ms / 1000),
                })}
              </span>
            </span>
          }
          actions={
            <>
              <PlayButton
                name={album.name}
                isDisabled={!tracks.some((t) => t.stream_url)}
                onPress={() => playTracks(tracks, 0)}
              />
              <LikeButton type="album" id={album.id} name={album.name} size="lg" />
              <DownloadButton url={album.download_url} name={album.name} />
              <ShareButton kind="album" id={album.id} name={album.name} path={paths.album(album)} />
            </>
          }
        />
      )}
      <TrackList
        tracks={tracks}
        aria-label={trans('Tracks')}
        hideAlbum
        useTrackNumbers
        isLoading={!album}
        skeletonRows={10}
      />
      {album?.description && (
        <p className="max-w-3xl text-sm whitespace-pre-line text-muted">{album.description}</p>
      )}
    </div>
  );
}
