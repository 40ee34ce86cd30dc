import { zodResolver } from '@hookform/resolvers/zod';
import { ALBUM_TYPES, type Album, updateBackstageAlbumSchema } from '@zema/contracts';
import { Disc, Pencil, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { EmptyState, ErrorState } from '#src/components/states';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField, TextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { LoadingPage } from '#src/ui/loading-page';
import { Select } from '#src/ui/select';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useDebouncedValue } from '#src/ui/use-debounced-value';
import { useDeleteBackstageAlbum, useUpdateBackstageAlbum } from '../api/edit-items';
import { useArtistAlbums } from '../api/list-artist-items';
import { ArtistSwitch, useCurrentArtist } from '../components/artist-switch';
import { BackstageCard, BackstageFrame } from '../components/backstage-frame';
import { ImageField } from '../components/fields';
import { Pager } from '../components/pager';

const PER_PAGE = 20;
const TYPE_LABELS: Record<(typeof ALBUM_TYPES)[number], string> = {
  album: 'Album',
  single: 'Single',
  ep: 'EP',
  compilation: 'Compilation',
};

/** /backstage/albums: the artist's releases, searched and paged, with edit and delete. */
export default function BackstageAlbumsPage() {
  const artist = useCurrentArtist();
  if (artist.isPending) return <LoadingPage />;
  return (
    <BackstageFrame title="Albums" description="Your releases: covers, dates and descriptions.">
      {artist.current ? (
        <AlbumList
          key={artist.current.id}
          artistId={artist.current.id}
          switcher={<ArtistSwitch state={artist} />}
        />
      ) : (
        <EmptyState title="No artist yet" description="Once a request is approved, your albums show here." />
      )}
    </BackstageFrame>
  );
}

function AlbumList({ artistId, switcher }: { artistId: number; switcher: React.ReactNode }) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(text.trim(), 250);
  const list = useArtistAlbums(artistId, {
    page: String(page),
    perPage: String(PER_PAGE),
    ...(query ? { query } : {}),
  });
  const [editing, setEditing] = useState<Album | null>(null);
  const [deleting, setDeleting] = useState<Album | null>(null);
  const del = useDeleteBackstageAlbum();
  return (
    <BackstageCard>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          aria-label="Search albums"
          type="search"
          placeholder="Search albums"
          className="w-full sm:w-64"
          value={text}
          onChange={(v) => {
            setText(v);
            setPage(1);
          }}
          startAdornment={<Search aria-hidden />}
        />
        {switcher}
      </div>
      {list.isPending ? (
        <Spinner label="Loading albums" />
      ) : list.isError ? (
        <ErrorState onRetry={() => list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={query ? 'No albums match this search' : 'No albums yet'} />
      ) : (
        <>
          <ul aria-label="Albums" className="flex flex-col divide-y divide-divider">
            {list.data.data.map((album) => (
              <li key={album.id} className="flex items-center gap-3 py-2">
                <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-theme bg-hover">
                  {album.image ? (
                    <img src={album.image} alt="" className="size-full object-cover" />
                  ) : (
                    <Disc aria-hidden className="size-5 text-muted" />
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <a href={paths.album(album)} className="block truncate font-medium hover:underline">
                    {album.name}
                  </a>
                  <p className="truncate text-sm text-muted">
                    {[
                      TYPE_LABELS[album.type],
                      album.release_date,
                      `${album.tracks_count} ${album.tracks_count === 1 ? 'track' : 'tracks'}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <Button variant="icon" aria-label={`Edit ${album.name}`} onPress={() => setEditing(album)}>
                  <Pencil aria-hidden />
                </Button>
                <Button variant="icon" aria-label={`Delete ${album.name}`} onPress={() => setDeleting(album)}>
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          <Pager page={page} lastPage={list.data.last_page ?? 1} onChange={setPage} label="Albums pages" />
        </>
      )}
      {editing && <AlbumDialog album={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete album"
        danger
        isPending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.positive('Album deleted');
              setDeleting(null);
            },
            onError: (err) => toast.danger(err instanceof Error ? err.message : String(err)),
          })
        }
      >
        The album goes; its tracks stay in your catalogue as singles. This cannot be undone.
      </ConfirmDialog>
    </BackstageCard>
  );
}

const albumFormSchema = z.object({
  name: updateBackstageAlbumSchema.shape.name,
  type: z.enum(ALBUM_TYPES),
  release_date: z.union([z.literal(''), z.iso.date('Use a date like 2026-01-31.')]),
  description: z.string().trim().max(10_000),
  image: z.string().nullable(),
});
type AlbumFormValues = z.infer<typeof albumFormSchema>;

function AlbumDialog({ album, onClose }: { album: Album; onClose: () => void }) {
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
          toast.positive('Album saved');
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  return (
    <Dialog title={`Edit ${album.name}`} isOpen onOpenChange={(open) => !open && onClose()} size="md">
      <Form form={form} onSubmit={submit} aria-label="Edit album">
        <FormTextField name="name" label="Name" isRequired />
        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <Select
              label="Type"
              items={ALBUM_TYPES.map((t) => ({ id: t, label: TYPE_LABELS[t] }))}
              selectedKey={field.value}
              onSelectionChange={(key) => key && field.onChange(key)}
            />
          )}
        />
        <FormTextField name="release_date" label="Release date" type="date" />
        <FormTextField name="description" label="Description" multiline rows={4} />
        <ImageField
          label="Cover"
          value={form.watch('image')}
          onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={save.isPending}>
            Save album
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
