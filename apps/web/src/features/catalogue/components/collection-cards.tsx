import type { Playlist, UserRef } from '@zema/contracts';
import { Music, User } from 'lucide-react';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { MediaCard } from './media-cards';

// Albums and artists look and play the same everywhere: the catalogue's cards, not a second copy.
export { AlbumCard, ArtistCard } from './media-cards';

export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  const { trans } = useTrans();
  return (
    <MediaCard
      href={paths.playlist(playlist)}
      image={playlist.image}
      title={playlist.name}
      subtitle={trans('By {name}', { name: playlist.owner.display_name })}
      fallback={<Music aria-hidden="true" className="size-10" />}
    />
  );
}

export function UserCard({ user }: { user: UserRef }) {
  const { trans } = useTrans();
  return (
    <MediaCard
      href={paths.user(user)}
      image={user.avatar}
      round
      title={user.display_name}
      subtitle={trans('Profile')}
      fallback={<User aria-hidden="true" className="size-10" />}
    />
  );
}
