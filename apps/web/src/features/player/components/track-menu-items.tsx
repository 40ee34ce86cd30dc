import type { Track } from '@zema/contracts';
import {
  Disc3,
  Download,
  Heart,
  Link2,
  ListEnd,
  ListMusic,
  ListPlus,
  Music,
  Plus,
  Trash2,
  UserRound,
} from 'lucide-react';
import { useDownloadState } from '#src/components/download-button';
import { useAddToPlaylist, useLikeToggle, useMyPlaylists } from '#src/features/library';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Menu, MenuItem, MenuSeparator, SubmenuTrigger } from '#src/ui/menu';
import { toast } from '#src/ui/toast';
import { getPlayer } from '../lib/use-player';

export interface TrackMenuItemsProps {
  track: Track;
  onRemove?: () => void;
  /** "New playlist" was chosen: the row opens the create dialog. */
  onCreatePlaylist: () => void;
  /** "Download" was chosen without the permission (billing on): the row opens the upgrade dialog. */
  onUpgrade?: () => void;
}

/**
 * The items of a track row's "More options" menu: play next, add to queue, add to playlist (with
 * "New playlist"), like, go to track/artist/album, copy link. Loaded when a row's menu first opens.
 */
export function TrackMenuItems({ track, onRemove, onCreatePlaylist, onUpgrade }: TrackMenuItemsProps) {
  const { trans } = useTrans();
  const download = useDownloadState(track.download_url);
  const { isLoggedIn } = useAuth();
  const like = useLikeToggle('track', track.id);
  const playlists = useMyPlaylists();
  const add = useAddToPlaylist();
  const editable = (playlists.data ?? []).filter((p) => p.can_add_tracks ?? p.can_edit ?? true);
  const trackLink = `${location.origin}${paths.track(track)}`;

  return (
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
            <MenuItem icon={<Plus />} onAction={onCreatePlaylist}>
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
      {download === 'download' && track.download_url && (
        <MenuItem icon={<Download />} href={track.download_url} download>
          {trans('Download')}
        </MenuItem>
      )}
      {download === 'upgrade' && onUpgrade && (
        <MenuItem icon={<Download />} onAction={onUpgrade}>
          {trans('Download')}
        </MenuItem>
      )}
      <MenuSeparator />
      {/* On touch screens a tap on a row plays it, so its title is no link: the track's page is here. */}
      <MenuItem icon={<Music />} href={paths.track(track)}>
        {trans('Go to track')}
      </MenuItem>
      {track.artists.map((a) => (
        <MenuItem key={`artist-${a.id}`} icon={<UserRound />} href={paths.artist(a)} textValue={a.name}>
          {trans('Go to {name}', { name: a.name })}
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
  );
}
