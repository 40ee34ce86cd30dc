import {
  RADIO_LIMITS,
  RADIO_TEXTS,
  type RadioSong,
  type RadioStationResponse,
  radioStationParamsSchema,
  type Track,
} from '@zema/contracts';
import { Users } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { ArtistLinks } from '#src/components/artist-links';
import { HeaderSkeleton, PageError } from '#src/components/states';
import { LikeButton } from '#src/features/library';
import { useStationNowPlaying, useStationPlayback } from '#src/features/player';
import { useSettings } from '#src/lib/bootstrap-store';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { cx } from '#src/ui/cx';
import { NotFoundPage } from '#src/ui/not-found-page';
import { useRadioStation } from '../api/get-station';
import { StationArt } from '../components/station-art';
import { StationPlayButton } from '../components/station-play-button';

/**
 * `/radio/{slug}` (SPEC §2): the live station — a play/pause button, the cover art (the song's
 * when the station gives one), the song's title and artist, and 'Playing Now' while it plays or
 * 'Press Play to Listen' while it does not. The song follows the station's now-playing events
 * without a reload (SPEC §4); below it, the song in the catalogue when it is there ("Find this song
 * in Zema") and the songs played before. A stream that cannot be played leaves the page saying
 * 'Press Play to Listen' (the player logs why, SPEC §8).
 */
export default function StationPage() {
  const slug = useParams().slug ?? '';
  const valid = radioStationParamsSchema.safeParse({ slug }).success;
  const query = useRadioStation(slug, valid);
  if (!valid) return <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />;
  if (query.isError) return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <HeaderSkeleton />;
  return <StationView key={slug} data={query.data} />;
}

function StationView({ data }: { data: RadioStationResponse }) {
  const { trans } = useTrans();
  const { station } = data;
  const nowPlaying = useStationNowPlaying(station.slug, data.now_playing, station.has_now_playing);
  const { playing } = useStationPlayback(station.slug);
  usePageTitle(station.name);
  const song = nowPlaying.song;
  const history = nowPlaying.history.slice(0, RADIO_LIMITS.history);
  return (
    <div className="flex flex-col gap-10 pb-4">
      <header className="flex flex-col items-center gap-6 text-center md:flex-row md:items-end md:text-left">
        <StationArt src={song?.art ?? station.cover} priority className="size-52 shadow-xl md:size-60" />
        <div className="flex min-w-0 max-w-full flex-col items-center gap-2 md:items-start">
          <p className="text-xs font-semibold tracking-wide uppercase">{trans('Radio')}</p>
          <h1 className="max-w-full text-3xl font-extrabold break-words md:text-5xl">{station.name}</h1>
          {station.description && (
            <p className="max-w-prose text-sm whitespace-pre-line text-muted">{station.description}</p>
          )}
        </div>
      </header>

      <section
        aria-label={trans('Now playing')}
        className="flex flex-col items-center gap-4 rounded-theme border border-divider bg-bg-alt p-4 text-center sm:flex-row sm:p-6 sm:text-left"
      >
        <StationPlayButton station={station} nowPlaying={nowPlaying} />
        <div className="flex min-w-0 max-w-full flex-1 flex-col gap-1">
          <p className="flex items-center justify-center gap-2 text-sm font-semibold sm:justify-start">
            <span
              aria-hidden="true"
              className={cx(
                'size-2 shrink-0 rounded-full',
                playing ? 'bg-danger motion-safe:animate-pulse' : 'bg-muted',
              )}
            />
            <span data-testid="radio-status">
              {playing ? trans(RADIO_TEXTS.playing) : trans(RADIO_TEXTS.paused)}
            </span>
          </p>
          {/* The song changes while the page is open: said once it has changed, not on every render. */}
          <div aria-live="polite" aria-atomic="true" className="min-w-0">
            {song ? (
              <>
                <p data-testid="radio-title" className="truncate text-xl font-bold sm:text-2xl">
                  {song.title}
                </p>
                {song.artist && (
                  <p data-testid="radio-artist" className="truncate text-muted">
                    {song.artist}
                  </p>
                )}
              </>
            ) : (
              station.has_now_playing && (
                <p className="text-sm text-muted">
                  {trans('The song’s name will show here once the station sends it.')}
                </p>
              )
            )}
          </div>
          {nowPlaying.listeners !== null && (
            <p className="flex items-center justify-center gap-1.5 text-xs text-muted sm:justify-start">
              <Users aria-hidden="true" className="size-3.5" />
              {trans('{count, plural, one {# listener} other {# listeners}}', {
                count: nowPlaying.listeners,
              })}
            </p>
          )}
        </div>
      </section>

      {song?.track && <FindInCatalogue track={song.track} />}
      {history.length > 0 && <RecentlyPlayed songs={history} />}
    </div>
  );
}

/** "Find this song in Zema": the song on air is a track of the catalogue: its page, and a like. */
function FindInCatalogue({ track }: { track: Track }) {
  const { trans } = useTrans();
  const { site_name } = useSettings();
  const heading = useId();
  const image = track.image ?? track.album?.image;
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-3">
      <h2 id={heading} className="text-lg font-bold">
        {trans('Find this song in {site}', { site: site_name })}
      </h2>
      <div className="flex items-center gap-3 rounded-theme border border-divider p-3">
        <StationArt src={image} className="size-14 rounded" />
        <div className="min-w-0 flex-1">
          <Link to={paths.track(track)} className="block truncate font-semibold hover:underline">
            {track.name}
          </Link>
          <ArtistLinks artists={track.artists} className="block truncate text-sm text-muted" />
        </div>
        <LikeButton type="track" id={track.id} name={track.name} />
      </div>
    </section>
  );
}

/** The songs the station played before this one, newest first. */
function RecentlyPlayed({ songs }: { songs: RadioSong[] }) {
  const { trans } = useTrans();
  const format = useFormat();
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="flex flex-col gap-3">
      <h2 id={heading} className="text-lg font-bold">
        {trans('Recently played')}
      </h2>
      <ol className="flex flex-col divide-y divide-divider">
        {songs.map((song, i) => (
          // A song may come back and a source may not say when it started: its place is its key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={`${song.started_at ?? ''}:${i}`} className="flex items-center gap-3 py-2">
            <StationArt
              src={song.art ?? song.track?.image ?? song.track?.album?.image}
              className="size-10 rounded"
            />
            <div className="min-w-0 flex-1">
              {song.track ? (
                <Link
                  to={paths.track(song.track)}
                  className="block truncate text-sm font-medium hover:underline"
                >
                  {song.title}
                </Link>
              ) : (
                <p className="truncate text-sm font-medium">{song.title}</p>
              )}
              {song.artist && <p className="truncate text-xs text-muted">{song.artist}</p>}
            </div>
            {song.started_at && (
              <time dateTime={song.started_at} className="shrink-0 text-xs text-muted tabular-nums">
                {format.time(song.started_at)}
              </time>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
