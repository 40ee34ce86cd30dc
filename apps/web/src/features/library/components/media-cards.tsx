import type { Album, ArtistRef, Playlist, UserRef } from '@zema/contracts';
import { Music, User } from 'lucide-react';
import { Link } from 'react-aria-components';
import { useTrans } from '#src/lib/i18n';
import { cx, focusRing } from '#src/ui/cx';
import { albumUrl, artistUrl, playlistUrl, userProfileUrl } from '../lib/urls';

function Card({
  href,
  image,
  round,
  title,
  subtitle,
  fallback,
}: {
  href: string;
  image: string | null;
  round?: boolean;
  title: string;
  subtitle?: string;
  fallback: React.ReactNode;
}) {
  return (
    <Link
      href={href}
      className={cx(
        'group flex min-w-0 flex-col gap-2 rounded-theme p-2 text-fg no-underline hover:bg-hover',
        focusRing,
      )}
    >
      <span
        className={cx(
          'flex aspect-square w-full items-center justify-center overflow-hidden bg-bg-alt text-muted',
          round ? 'rounded-full' : 'rounded-theme',
        )}
      >
        {image ? <img src={image} alt="" aria-hidden="true" className="size-full object-cover" /> : fallback}
      </span>
      <span className={cx('min-w-0', round && 'text-center')}>
        <span className="block truncate text-sm font-semibold">{title}</span>
        {subtitle && <span className="block truncate text-xs text-muted">{subtitle}</span>}
      </span>
    </Link>
  );
}

export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  const { trans } = useTrans();
  return (
    <Card
      href={playlistUrl(playlist)}
      image={playlist.image}
      title={playlist.name}
      subtitle={trans('By :name', { name: playlist.owner.display_name })}
      fallback={<Music aria-hidden="true" className="size-10" />}
    />
  );
}

export function AlbumCard({ album }: { album: Album }) {
  return (
    <Card
      href={albumUrl(album)}
      image={album.image}
      title={album.name}
      subtitle={album.artists.map((a) => a.name).join(', ')}
      fallback={<Music aria-hidden="true" className="size-10" />}
    />
  );
}

export function ArtistCard({ artist }: { artist: ArtistRef }) {
  const { trans } = useTrans();
  return (
    <Card
      href={artistUrl(artist)}
      image={artist.image_small}
      round
      title={artist.name}
      subtitle={trans('Artist')}
      fallback={<User aria-hidden="true" className="size-10" />}
    />
  );
}

export function UserCard({ user }: { user: UserRef }) {
  const { trans } = useTrans();
  return (
    <Card
      href={userProfileUrl(user)}
      image={user.avatar}
      round
      title={user.display_name}
      subtitle={trans('Profile')}
      fallback={<User aria-hidden="true" className="size-10" />}
    />
  );
}
