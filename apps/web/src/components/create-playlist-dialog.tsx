import type { CreatePlaylistRequest } from '@zema/contracts';
import { useNavigate } from 'react-router';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useCreatePlaylist } from './api/create-playlist';
import { useAddToPlaylist } from './api/use-playlists';
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

  const close = () => {
    form.reset();
    create.reset();
    onOpenChange(false);
  };

  const onSubmit = (values: CreatePlaylistRequest) => {
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
    <Dialog
      title={trans('New playlist')}
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
    >
      <Form form={form} onSubmit={onSubmit} aria-label={trans('New playlist')} className="pb-2">
        <PlaylistFields />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={create.isPending}>
            {trans('Create')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
