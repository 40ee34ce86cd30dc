import { zodResolver } from '@hookform/resolvers/zod';
import { ALBUM_TYPES, type Album, type ArtistRef, msg, upsertAlbumRequestSchema } from '@zema/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { type ReorderItem, ReorderList } from '#src/components/admin/reorder-list';
import { UnsavedChangesDialog } from '#src/components/admin/unsaved-changes-dialog';
import { PageError } from '#src/components/states';
import { formatDuration } from '#src/lib/format';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useUnsavedChangesBlocker } from '#src/lib/unsaved-changes';
import { Button, buttonClass } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Form, FormTextField, fieldLabelClass } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { LoadingPage } from '#src/ui/loading-page';
import { SaveBar } from '#src/ui/save-bar';
import { Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import { useDeleteAlbums } from '../api/delete-albums';
import { useAlbum } from '../api/get-album';
import { useSaveAlbum } from '../api/save-album';
import { ArtistsPicker, ImageField } from '../components/admin-fields';
import { ALBUM_TYPE_LABELS } from '../components/admin-list';

const shape = upsertAlbumRequestSchema.shape;
const formSchema = z.object({
  name: shape.name,
  image: z.string().nullable(),
  type: z.enum(ALBUM_TYPES),
  release_date: z.union([z.literal(''), z.iso.date(msg('Enter a date like 2026-01-31.'))]),
  description: z.string().trim().max(10_000),
  artists: z.array(z.custom<ArtistRef>()).min(1, msg('Choose at least one artist.')).max(20),
  tracks: z.array(z.custom<ReorderItem>()),
});
type Values = z.infer<typeof formSchema>;

const valuesOf = (a: Album | null, trans: TransFn): Values => ({
  name: a?.name ?? '',
  image: a?.image ?? null,
  type: a?.type ?? 'album',
  release_date: a?.release_date ?? '',
  description: a?.description ?? '',
  artists: a?.artists ?? [],
  tracks: (a?.tracks ?? []).map((t) => {
    const duration = formatDuration(Math.round(t.duration_ms / 1000));
    return {
      id: t.id,
      name: t.name,
      subtitle: t.stream_url ? duration : trans('{duration} · no audio', { duration }),
    };
  }),
});

/** /admin/albums/new and /admin/albums/:albumId: cover, credits, release and track order. */
export default function AdminAlbumPage() {
  const param = useParams().albumId;
  const id = param === undefined || param === 'new' ? null : Number(param);
  const album = useAlbum(id ?? Number.NaN);
  if (id !== null && album.isPending) return <LoadingPage />;
  if (id !== null && album.isError) return <PageError error={album.error} onRetry={() => album.refetch()} />;
  return <AlbumForm key={id ?? 'new'} album={album.data ?? null} />;
}

function AlbumForm({ album }: { album: Album | null }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const save = useSaveAlbum();
  const del = useDeleteAlbums();
  const [deleting, setDeleting] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(album, trans) });
  const dirty = form.formState.isDirty;
  const blocker = useUnsavedChangesBlocker(dirty && !save.isPending && !form.formState.isSubmitSuccessful);
  const set = <K extends keyof Values>(name: K, value: Values[K]) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const errors = form.formState.errors;
  const artistsError = errors.artists?.message ?? errors.artists?.root?.message;

  const submit = (v: Values) =>
    save.mutate(
      {
        id: album?.id ?? null,
        body: {
          name: v.name,
          image: v.image,
          type: v.type,
          release_date: v.release_date || null,
          description: v.description || null,
          artist_ids: v.artists.map((a) => a.id),
          ...(album && v.tracks.length ? { track_ids: v.tracks.map((t) => t.id) } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          toast.positive(album ? trans('Album saved') : trans('Album created'));
          form.reset(valuesOf(saved, trans));
          if (!album) navigate(paths.adminAlbum(saved), { replace: true });
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );

  return (
    <AdminPage
      title={album ? album.name : trans('New album')}
      breadcrumbs={[{ label: trans('Albums'), to: paths.adminAlbums() }]}
      actions={
        album && (
          <>
            <a href={paths.album(album)} className="text-sm text-primary underline-offset-2 hover:underline">
              {trans('View in the player')}
            </a>
            <Button variant="danger" onPress={() => setDeleting(true)}>
              {trans('Delete album')}
            </Button>
          </>
        )
      }
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-6">
        <AdminCard title={trans('Album')}>
          <div className="flex flex-col gap-4">
            <FormTextField name="name" label={trans('Name')} isRequired />
            <ArtistsPicker
              label={trans('Artists')}
              value={form.watch('artists')}
              onChange={(artists) => set('artists', artists)}
              errorMessage={artistsError && trans(artistsError)}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Select
                label={trans('Type')}
                items={ALBUM_TYPES.map((t) => ({ id: t, label: trans(ALBUM_TYPE_LABELS[t]) }))}
                selectedKey={form.watch('type')}
                onSelectionChange={(k) => set('type', k as Values['type'])}
              />
              <label className="flex flex-col">
                <span className={fieldLabelClass}>{trans('Release date')}</span>
                <input
                  type="date"
                  value={form.watch('release_date')}
                  onChange={(e) => set('release_date', e.target.value)}
                  className="h-10 rounded-theme border border-divider bg-bg px-3 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary"
                />
                {errors.release_date && (
                  <span className="mt-1.5 text-xs font-medium text-danger">
                    {errors.release_date.message && trans(errors.release_date.message)}
                  </span>
                )}
              </label>
            </div>
            <ImageField
              label={trans('Cover')}
              value={form.watch('image')}
              onChange={(url) => set('image', url)}
            />
            <FormTextField name="description" label={trans('Description')} multiline />
          </div>
        </AdminCard>
        {album && (
          <AdminCard
            title={trans('Track order')}
            actions={
              <Link
                to={paths.adminTrack('new', { album: album.id })}
                className={buttonClass({ variant: 'outline', size: 'sm' })}
              >
                <Plus aria-hidden className="size-4" />
                {trans('Add track')}
              </Link>
            }
          >
            <p className="mb-3 text-sm text-muted">
              {trans(
                'Drag a track by its handle, or focus the handle and press Enter, then the arrow keys and Enter again; the arrows on each row move it one place.',
              )}
            </p>
            <ReorderList
              label={trans('Tracks of the album')}
              numbered
              items={form.watch('tracks')}
              onChange={(tracks) => set('tracks', tracks)}
              empty={trans('No tracks yet.')}
            />
          </AdminCard>
        )}
        <SaveBar
          isDirty={dirty}
          isSaving={save.isPending}
          saveLabel={album ? trans('Save album') : trans('Create album')}
          onDiscard={() => form.reset()}
        />
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
      {album && (
        <ConfirmDialog
          isOpen={deleting}
          onOpenChange={setDeleting}
          title={trans('Delete {name}?', { name: album.name })}
          confirmLabel={trans('Delete album')}
          danger
          isPending={del.isPending}
          onConfirm={() =>
            del.mutate([album.id], {
              onSuccess: () => {
                toast.positive(trans('Album deleted'));
                navigate(paths.adminAlbums());
              },
            })
          }
        >
          {trans(
            'Its likes go with it. Its {count, plural, one {track stays} other {# tracks stay}} in the catalogue without an album. This cannot be undone.',
            { count: album.tracks_count },
          )}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}
