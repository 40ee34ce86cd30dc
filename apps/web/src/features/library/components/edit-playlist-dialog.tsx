import type { CreatePlaylistRequest, Playlist } from '@zema/contracts';
import { ImagePlus, Music, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { errorMessage } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useRemovePlaylistImage, useUploadPlaylistImage } from '../api/playlist-image';
import { useUpdatePlaylist } from '../api/update-playlist';
import { PlaylistFields, toPlaylistRequest, usePlaylistForm } from './playlist-fields';

/** "Edit details": cover, name, description, public and collaborative (owner only). */
export function EditPlaylistDialog({
  playlist,
  isOpen,
  onOpenChange,
}: {
  playlist: Playlist;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { trans } = useTrans();
  const update = useUpdatePlaylist();
  const upload = useUploadPlaylistImage();
  const removeImage = useRemovePlaylistImage();
  const fileRef = useRef<HTMLInputElement>(null);
  const form = usePlaylistForm({
    values: {
      name: playlist.name,
      description: playlist.description ?? '',
      public: playlist.public,
      collaborative: playlist.collaborative,
    },
  });

  const onSubmit = (values: CreatePlaylistRequest) => {
    update.mutate(
      { playlistId: playlist.id, ...toPlaylistRequest(values) },
      {
        onSuccess: () => {
          toast.positive(trans('Playlist updated'));
          onOpenChange(false);
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(
      { playlistId: playlist.id, file },
      {
        onSuccess: () => toast.positive(trans('Cover updated')),
        onError: (error) => toast.danger(errorMessage(error)),
      },
    );
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <Dialog title={trans('Edit details')} size="md" isOpen={isOpen} onOpenChange={onOpenChange}>
      <Form form={form} onSubmit={onSubmit} aria-label={trans('Edit details')} className="pb-2">
        <div className="flex flex-col gap-5 sm:flex-row">
          <div className="flex shrink-0 flex-col items-center gap-2">
            <div className="flex size-40 items-center justify-center overflow-hidden rounded-theme bg-bg-alt text-muted">
              {playlist.image ? (
                <img
                  src={playlist.image}
                  alt={trans('Cover of {name}', { name: playlist.name })}
                  className="size-full object-cover"
                />
              ) : (
                <Music aria-hidden="true" className="size-12" />
              )}
            </div>
            <input
              ref={fileRef}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              className="sr-only"
              tabIndex={-1}
              aria-label={trans('Cover image')}
              onChange={(e) => onFile(e.target.files?.[0])}
            />
            <div className="flex gap-1">
              <Button
                variant="outline"
                size="sm"
                startIcon={<ImagePlus aria-hidden="true" className="size-4" />}
                isPending={upload.isPending}
                onPress={() => fileRef.current?.click()}
              >
                {playlist.image ? trans('Change cover') : trans('Upload cover')}
              </Button>
              {playlist.image && (
                <Button
                  variant="icon"
                  size="sm"
                  aria-label={trans('Remove cover')}
                  isPending={removeImage.isPending}
                  onPress={() => removeImage.mutate(playlist.id)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </div>
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-4">
            <PlaylistFields />
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={() => onOpenChange(false)}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={update.isPending}>
            {trans('Save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
