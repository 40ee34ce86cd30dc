import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormCheckbox, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useCreatePlaylist } from './api/create-playlist';
import { useAddToPlaylist } from './api/use-playlists';

export const PLAYLIST_NAME_MAX = 100;
export const PLAYLIST_DESCRIPTION_MAX = 300;

interface Values {
  name: string;
  description: string;
  public: boolean;
  collaborative: boolean;
}

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
  const form = useForm<Values>({
    defaultValues: { name: '', description: '', public: true, collaborative: false },
  });

  const close = () => {
    form.reset();
    create.reset();
    onOpenChange(false);
  };

  const onSubmit = (values: Values) => {
    create.mutate(
      {
        name: values.name.trim(),
        description: values.description.trim() || null,
        public: values.public,
        collaborative: values.collaborative,
      },
      {
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
      },
    );
  };

  return (
    <Dialog
      title={trans('New playlist')}
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
    >
      <Form form={form} onSubmit={onSubmit} aria-label={trans('New playlist')} className="pb-2">
        <FormTextField<Values>
          name="name"
          label={trans('Name')}
          autoFocus
          maxLength={PLAYLIST_NAME_MAX}
          rules={{ validate: (v) => String(v).trim().length > 0 || trans('The name field is required.') }}
        />
        <FormTextField<Values>
          name="description"
          label={trans('Description')}
          multiline
          rows={3}
          maxLength={PLAYLIST_DESCRIPTION_MAX}
        />
        <FormCheckbox<Values> name="public" description={trans('Anyone can find and listen to it.')}>
          {trans('Public')}
        </FormCheckbox>
        <FormCheckbox<Values>
          name="collaborative"
          description={trans('People you invite can add and reorder tracks.')}
        >
          {trans('Collaborative')}
        </FormCheckbox>
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
