import { useQueryClient } from '@tanstack/react-query';
import type { Album, ArtistRef, Genre } from '@zema/contracts';
import { Disc3, Music, Play, UserRound } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { Link } from 'react-router';
import { SkeletonCard } from '#src/components/states';
import { playTracks } from '#src/features/player';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useSideScrollRestoration } from '#src/lib/side-scroll';
import { useStoredText } from '#src/lib/stored-text';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { toast } from '#src/ui/toast';
import { albumQueryOptions } from '../api/get-album';
import { artistQueryOptions } from '../api/get-artist';
import { ALBUM_TYPE_LABELS } from './album-type-labels';

/** One card for every kind of item (album, artist, genre, playlist, user): image, title, subtitle. */
export function MediaCard({
  href,
  image,
  round,
  title,
  subtitle,
  fallback,
  play,
}: {
  href: string;
  image: string | null;
  round?: boolean;
  title: string;
  subtitle?: ReactNode;
  fallback: ReactNode;
  play?: ReactNode;
}) {
  return (
    <div className="group relative flex min-w-0 flex-col gap-2 rounded-theme p-2 hover:bg-hover focus-within:bg-hover">
      <div className="relative">
        <span
          className={cx(
            'flex aspect-square w-full items-center justify-center overflow-hidden bg-bg-alt text-muted shadow-sm',
            round ? 'rounded-full' : 'rounded-theme',
          )}
        >
          {image ? <img src={image} alt="" loading="lazy" className="size-full object-cover" /> : fallback}
        </span>
        {play && (
          <div className="absolute right-2 bottom-2 z-10 translate-y-1 opacity-0 transition group-hover:translate-y-0 group-hover:opacity-100 group-focus-within:translate-y-0 group-focus-within:opacity-100 max-md:translate-y-0 max-md:opacity-100">
            {play}
          </div>
        )}
      </div>
      <div className={cx('min-w-0', round && 'text-center')}>
        <Link
          to={href}
          className={cx(
            'block truncate text-sm font-semibold after:absolute after:inset-0 after:content-[""]',
          )}
        >
          {title}
        </Link>
        {subtitle && <span className="block truncate text-xs text-muted">{subtitle}</span>}
      </div>
    </div>
  );
}

function CardPlayButton({ name, onPress }: { name: string; onPress: () => Promise<void> }) {
  const { trans } = useTrans();
  return (
    <Button
      aria-label={trans('Play {name}', { name })}
      onPress={() => {
        onPress().catch(() => toast.danger(trans('Could not load {name}', { name })));
      }}
      shape="circle"
      className="size-11 shadow-lg"
    >
      <Play aria-hidden="true" className="size-5 translate-x-px" fill="currentColor" />
    </Button>
  );
}

export function AlbumCard({ album }: { album: Album }) {
  const queryClient = useQueryClient();
  const { trans } = useTrans();
  const year = album.release_date?.slice(0, 4);
  const artists = album.artists.map((a) => a.name).join(', ');
  return (
    <MediaCard
      href={paths.album(album)}
      image={album.image}
      title={album.name}
      subtitle={[year, artists || trans(ALBUM_TYPE_LABELS[album.type])].filter(Boolean).join(' · ')}
      fallback={<Disc3 aria-hidden="true" className="size-10" />}
      play={
        <CardPlayButton
          name={album.name}
          onPress={async () => {
            const full = await queryClient.fetchQuery(albumQueryOptions(album.id));
            playTracks(full.tracks ?? [], 0);
          }}
        />
      }
    />
  );
}

export function ArtistCard({ artist }: { artist: ArtistRef }) {
  const queryClient = useQueryClient();
  const { trans } = useTrans();
  return (
    <MediaCard
      href={paths.artist(artist)}
      image={artist.image_small}
      round
      title={artist.name}
      subtitle={trans('Artist')}
      fallback={<UserRound aria-hidden="true" className="size-10" />}
      play={
        <CardPlayButton
          name={artist.name}
          onPress={async () => {
            const page = await queryClient.fetchQuery(artistQueryOptions(artist.id));
            playTracks(page.popular_tracks, 0);
          }}
        />
      }
    />
  );
}

export function GenreCard({ genre }: { genre: Genre }) {
  const stored = useStoredText();
  return (
    <MediaCard
      href={paths.genre(genre)}
      image={genre.image}
      title={stored(genre.display_name)}
      fallback={<Music aria-hidden="true" className="size-10" />}
    />
  );
}

/** A responsive grid, or a one-row carousel that scrolls sideways (snap, touch and keyboard). */
export function CardList({
  layout,
  children,
  label,
}: {
  layout: 'grid' | 'carousel';
  children: ReactNode;
  label: string;
}) {
  if (layout === 'carousel') return <Carousel label={label}>{children}</Carousel>;
  return (
    <ul
      aria-label={label}
      className="-mx-2 grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6"
    >
      {children}
    </ul>
  );
}

/** A one-row carousel; Back returns to where it was scrolled sideways (useSideScrollRestoration). */
function Carousel({ children, label }: { children: ReactNode; label: string }) {
  const ref = useRef<HTMLUListElement>(null);
  useSideScrollRestoration(ref, label);
  return (
    <ul
      ref={ref}
      aria-label={label}
      className="-mx-2 flex snap-x snap-mandatory gap-1 overflow-x-auto pb-2 [&>li]:w-40 [&>li]:shrink-0 [&>li]:snap-start md:[&>li]:w-48"
    >
      {children}
    </ul>
  );
}

export function CardSkeletons({ count = 6, round }: { count?: number; round?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className="-mx-2 grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6"
    >
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <SkeletonCard key={i} round={round} />
      ))}
    </div>
  );
}
