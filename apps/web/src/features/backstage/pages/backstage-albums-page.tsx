import { zodResolver } from '@hookform/resolvers/zod';
import { ALBUM_TYPES, type Album, msg, updateBackstageAlbumSchema } from '@zema/contracts';
import { Disc } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import { useDeleteBackstageAlbum, useUpdateBackstageAlbum } from '../api/edit-items';
import { useArtistAlbums } from '../api/list-artist-items';
import { READ_ONLY_MESSAGES } from '../components/artist-access';
import { ImageField } from '../components/fields';
import { type ItemKind, ItemListPage } from '../components/item-list';

const TYPE_LABELS: Record<(typeof ALBUM_TYPES)[number], string> = {
  album: msg('Album'),
  single: msg('Single'),
  ep: msg('EP'),
  compilation: msg('Compilation'),
};

const ALBUMS: ItemKind<Album> = {
  title: msg('Albums'),
  description: msg('Your releases: covers, dates and descriptions.'),
  texts: {
    search: msg('Search albums'),
    loading: msg('Loading albums'),
    noMatch: msg('No albums match this search'),
    empty: msg('No albums yet'),
    noArtist: msg('Once a request is approved, your albums show here.'),
    pages: msg('Albums pages'),
    deleteLabel: msg('Delete album'),
    deleted: msg('Album deleted'),
    readOnly: READ_ONLY_MESSAGES.albums,
  },
  useList: useArtistAlbums,
  useDelete: useDeleteBackstageAlbum,
  icon: Disc,
  href: (album) => paths.album(album),
  details: (album, trans) =>
    [
      trans(TYPE_LABELS[album.type]),
      album.release_date,
      trans('{count, plural, one {# track} other {# tracks}}', { count: album.tracks_count }),
    ]
      .filter(Boolean)
      .join(' · '),
  deleteNote: msg('The album goes; its tracks stay in your catalogue as singles. This cannot be undone.'),
  Editor: (props) => <AlbumDialog {...props} />,
};

/** /backstage/albums: the artist's releases, searched and paged, with edit and delete. */
export default function BackstageAlbumsPage() {
  return <ItemListPage kind={ALBUMS} />;
}

const albumFormSchema = z.object({
  name: updateBackstageAlbumSchema.shape.name,
  type: z.enum(ALBUM_TYPES),
  release_date: z.union([z.literal(''), z.iso.date(msg('Use a date like 2026-01-31.'))]),
  description: z.string().trim().max(10_000),
  image: z.string().nullable(),
});
type AlbumFormValues = z.infer<typeof albumFormSchema>;

function AlbumDialog({ item: album, onClose }: { item: Album; onClose: () => void }) {
  const { trans } = useTrans();
  const save = useUpdateBackstageAlbum();
  const form = useForm<AlbumFormValues>({
    resolver: zodResolver(albumFormSchema),
    defaultValues: {
      name: album.name,
      type: album.type,
      release_date: album.release_date ?? '',
      description: album.description ?? '',
      image: album.image,
    },
  });
  const submit = (v: AlbumFormValues) =>
    save.mutate(
      {
        id: album.id,
        body: {
          name: v.name,
          type: v.type,
          release_date: v.release_date || null,
          description: v.description || null,
          image: v.image,
        },
      },
      {
        onSuccess: () => {
          toast.positive(trans('Album saved'));
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  return (
    <Dialog
      title={trans('Edit {name}', { name: album.name })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="md"
    >
      <Form form={form} onSubmit={submit} aria-label={trans('Edit album')}>
        <FormTextField name="name" label={trans('Name')} isRequired />
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Select
              label={trans('Type')}
              items={ALBUM_TYPES.map((t) => ({ id: t, label: trans(TYPE_LABELS[t]) }))}
              selectedKey={field.value}
              onSelectionChange={(key) => key && field.onChange(key)}
            />
          )}
        />
        <FormTextField name="release_date" label={trans('Release date')} type="date" />
        <FormTextField name="description" label={trans('Description')} multiline rows={4} />
        <ImageField
          label={trans('Cover')}
          value={form.watch('image')}
          onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={onClose}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={save.isPending}>
            {trans('Save album')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
