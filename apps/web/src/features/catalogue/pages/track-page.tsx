import { Link, useParams } from 'react-router';
import { ArtistLinks } from '#src/components/artist-links';
import { CollectionHeader } from '#src/components/collection-header';
import { DownloadButton } from '#src/components/download-button';
import { PlayButton } from '#src/components/play-button';
import { HeaderSkeleton, PageError } from '#src/components/states';
import { ShareButton } from '#src/features/embed';
import { LikeButton } from '#src/features/library';
import { playTracks, TrackList, TrackMenu } from '#src/features/player';
import { formatDuration } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { useStoredText } from '#src/lib/stored-text';
import { cx } from '#src/ui/cx';
import { useAlbum } from '../api/get-album';
import { useTrack } from '../api/get-track';

/** /track/{id}/{slug}: the track, its credits and genres, and the rest of its album. */
export default function TrackPage() {
  const { trans } = useTrans();
  const stored = useStoredText();
  const id = Number(useParams().trackId);
  const query = useTrack(id);
  const track = query.data;
  const album = useAlbum(track?.album?.id ?? Number.NaN);
  usePageTitle(track?.name);

  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  const more = (album.data?.tracks ?? []).filter((t) => t.id !== id);
  return (
    <div className="flex flex-col gap-8">
      {!track ? (
        <HeaderSkeleton />
      ) : (
        <CollectionHeader
          image={track.image}
          kind={trans('Song')}
          title={track.name}
          details={
            <span className="flex flex-wrap items-center justify-center gap-x-1.5 md:justify-start">
              <ArtistLinks artists={track.artists} className="font-semibold text-fg" />
              {track.album && (
                <>
                  <span aria-hidden="true">·</span>
                  <Link to={paths.album(track.album)} className="hover:underline">
                    {track.album.name}
                  </Link>
                </>
              )}
              <span>· {formatDuration(track.duration_ms / 1000)}</span>
              <span>· {trans('{count, plural, one {# play} other {# plays}}', { count: track.plays })}</span>
            </span>
          }
          actions={
            <>
              <PlayButton
                name={track.name}
                isDisabled={!track.stream_url}
                onPress={() => playTracks([track, ...more], 0)}
              />
              <LikeButton type="track" id={track.id} name={track.name} size="lg" />
              <DownloadButton url={track.download_url} name={track.name} />
              <ShareButton kind="track" id={track.id} name={track.name} path={paths.track(track)} />
              <TrackMenu track={track} />
            </>
          }
        />
      )}
      {track?.genres && track.genres.length > 0 && (
        <ul aria-label={trans('Genres')} className="flex flex-wrap gap-2">
          {track.genres.map((g) => (
            <li key={g.id}>
              <Link
                to={paths.genre(g)}
                className={cx('rounded-full border border-divider px-3 py-1 text-sm hover:bg-hover')}
              >
                {stored(g.display_name)}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more.length > 0 && track?.album && (
        <section aria-labelledby="track-album-more" className="flex flex-col gap-3">
          <h2 id="track-album-more" className="text-xl font-bold">
            {trans('More from {name}', { name: track.album.name })}
          </h2>
          <TrackList
            tracks={more}
            aria-label={trans('More from {name}', { name: track.album.name })}
            hideAlbum
          />
        </section>
      )}
    </div>
  );
}
