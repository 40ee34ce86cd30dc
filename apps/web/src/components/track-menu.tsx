import type { Track } from '@zema/contracts';
import { slugify } from '@zema/contracts';
import {
  Disc3,
  Heart,
  Link2,
  ListEnd,
  ListMusic,
  ListPlus,
  MoreHorizontal,
  Plus,
  Trash2,
  UserRound,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { Menu, MenuItem, MenuSeparator, MenuTrigger, SubmenuTrigger } from '#src/ui/menu';
import { toast } from '#src/ui/toast';
import { useLikeToggle } from './api/use-like';
import { useAddToPlaylist, useMyPlaylists } from './api/use-playlists';
import { getPlayer } from './player/use-player';

// The dialog brings the form kit (react-hook-form): only loaded when "New playlist" is chosen, so
// every page with a track list stays inside the JavaScript budget (README, "Benchmarks").
const CreatePlaylistDialog = lazy(() =>
  import('./create-playlist-dialog').then((m) => ({ default: m.CreatePlaylistDialog })),
);

export interface TrackMenuProps {
  track: Track;
  /** Shown as "Remove from this playlist" when the row belongs to an editable playlist. */
  onRemove?: () => void;
}

/**
 * The "More options" menu of a track row in library pages: play next, add to queue, add to
 * playlist (with "New playlist"), like, go to artist/album, copy link.
 */
export function TrackMenu({ track, onRemove }: TrackMenuProps) {
  const { trans } = useTrans();
  const { isLoggedIn } = useAuth();
  const like = useLikeToggle('track', track.id);
  const playlists = useMyPlaylists();
  const add = useAddToPlaylist();
  const [creating, setCreating] = useState(false);
  const editable = (playlists.data ?? []).filter((p) => p.can_add_tracks ?? p.can_edit ?? true);
  const trackLink = `${location.origin}/track/${track.id}/${slugify(track.name)}`;

  return (
    <>
      <MenuTrigger>
        <Button variant="icon" size="sm" aria-label={trans('More options for :name', { name: track.name })}>
          <MoreHorizontal aria-hidden="true" />
        </Button>
        <Menu placement="bottom end">
          <MenuItem icon={<ListPlus />} onAction={() => getPlayer().playNext([track])}>
            {trans('Play next')}
          </MenuItem>
          <MenuItem icon={<ListEnd />} onAction={() => getPlayer().addToQueue([track])}>
            {trans('Add to queue')}
          </MenuItem>
          {isLoggedIn && (
            <SubmenuTrigger>
              <MenuItem icon={<ListMusic />}>{trans('Add to playlist')}</MenuItem>
              <Menu>
                <MenuItem icon={<Plus />} onAction={() => setCreating(true)}>
                  {trans('New playlist')}
                </MenuItem>
                {editable.map((p) => (
                  <MenuItem
                    key={p.id}
                    textValue={p.name}
                    onAction={() => add.mutate({ playlistId: p.id, trackIds: [track.id] })}
                  >
                    {p.name}
                  </MenuItem>
                ))}
              </Menu>
            </SubmenuTrigger>
          )}
          {onRemove && (
            <MenuItem icon={<Trash2 />} onAction={onRemove}>
              {trans('Remove from this playlist')}
            </MenuItem>
          )}
          <MenuItem icon={<Heart />} onAction={like.toggle}>
            {like.liked ? trans('Remove from liked songs') : trans('Add to liked songs')}
          </MenuItem>
          <MenuSeparator />
          {track.artists.map((a) => (
            <MenuItem key={`artist-${a.id}`} icon={<UserRound />} href={paths.artist(a)} textValue={a.name}>
              {trans('Go to :name', { name: a.name })}
            </MenuItem>
          ))}
          {track.album && (
            <MenuItem icon={<Disc3 />} href={paths.album(track.album)}>
              {trans('Go to album')}
            </MenuItem>
          )}
          <MenuItem
            icon={<Link2 />}
            onAction={() =>
              void navigator.clipboard
                ?.writeText(trackLink)
                .then(() => toast.positive(trans('Link copied')))
                .catch(() => toast.danger(trans('Could not copy the link')))
            }
          >
            {trans('Copy link')}
          </MenuItem>
        </Menu>
      </MenuTrigger>
      {creating && (
        <Suspense fallback={null}>
          <CreatePlaylistDialog isOpen onOpenChange={setCreating} trackIds={[track.id]} />
        </Suspense>
      )}
    </>
  );
}
