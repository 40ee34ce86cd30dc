import type { CreatePlaylistRequest } from '@zema/contracts';
import { useNavigate } from 'react-router';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { CreateDialog } from '#src/ui/create-dialog';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useCreatePlaylist } from '../api/create-playlist';
import { useAddToPlaylist } from '../api/use-playlists';
import { PlaylistFields, toPlaylistRequest, usePlaylistForm } from './playlist-fields';

export interface CreatePlaylistDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Tracks to put in the new playlist (the track menu's "Add to playlist → New playlist"). */
  trackIds?: number[];
  /** Go to the new playlist's page once created (default: only when no tracks were given). */
  openAfterCreate?: boolean;
}

/** "New playlist": name, description, public and collaborative; optionally seeded with tracks. */
export function CreatePlaylistDialog({
  isOpen,
  onOpenChange,
  trackIds,
  openAfterCreate,
}: CreatePlaylistDialogProps) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const create = useCreatePlaylist();
  const addTracks = useAddToPlaylist();
  const form = usePlaylistForm({
    defaultValues: { name: '', description: '', public: true, collaborative: false },
  });

  const onSubmit = (values: CreatePlaylistRequest, close: () => void) => {
    create.mutate(toPlaylistRequest(values), {
      onSuccess: (playlist) => {
        close();
        if (trackIds?.length) {
          addTracks.mutate({ playlistId: playlist.id, trackIds });
        } else {
          toast.positive(trans('Playlist created'));
        }
        if (openAfterCreate ?? !trackIds?.length) navigate(paths.playlist(playlist));
      },
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <CreateDialog
      title={trans('New playlist')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      form={form}
      onSubmit={onSubmit}
      isPending={create.isPending}
      onClose={create.reset}
    >
      <PlaylistFields />
    </CreateDialog>
  );
}
