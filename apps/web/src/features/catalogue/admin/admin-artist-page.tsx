import { zodResolver } from '@hookform/resolvers/zod';
import { type Artist, upsertArtistRequestSchema } from '@zema/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { UnsavedChangesDialog } from '#src/components/admin/unsaved-changes-dialog';
import { ArtistLinksField, artistLinkRowsSchema } from '#src/components/artist-links-field';
import { PageError } from '#src/components/states';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useUnsavedChangesBlocker } from '#src/lib/unsaved-changes';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Form, FormCheckbox, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { LoadingPage } from '#src/ui/loading-page';
import { SaveBar } from '#src/ui/save-bar';
import { toast } from '#src/ui/toast';
import { useDeleteArtists } from '../api/delete-artists';
import { useArtist } from '../api/get-artist';
import { useSaveArtist } from '../api/save-artist';
import { GenresPicker, ImageField } from '../components/admin-fields';

// The contract's fields; optional texts are held as strings (empty = none) while editing.
const shape = upsertArtistRequestSchema.shape;
const formSchema = z.object({
  name: shape.name,
  verified: z.boolean(),
  allow_downloads: z.boolean(),
  image_small: z.string().nullable(),
  image_large: z.string().nullable(),
  bio: z.string().trim().max(10_000),
  links: artistLinkRowsSchema,
  genres: z.array(z.string()).max(20),
});
type Values = z.infer<typeof formSchema>;

const valuesOf = (a: Artist | null): Values => ({
  name: a?.name ?? '',
  verified: a?.verified ?? false,
  allow_downloads: a?.allow_downloads ?? false,
  image_small: a?.image_small ?? null,
  image_large: a?.image_large ?? null,
  bio: a?.bio ?? '',
  links: a?.links ?? [],
  genres: a?.genres.map((g) => g.display_name) ?? [],
});

/** /admin/artists/new and /admin/artists/:artistId: the artist's profile. */
export default function AdminArtistPage() {
  const param = useParams().artistId;
  const id = param === undefined || param === 'new' ? null : Number(param);
  const artist = useArtist(id ?? Number.NaN);
  if (id !== null && artist.isPending) return <LoadingPage />;
  if (id !== null && artist.isError)
    return <PageError error={artist.error} onRetry={() => artist.refetch()} />;
  return (
    <ArtistForm
      key={id ?? 'new'}
      artist={artist.data?.artist ?? null}
      albumsCount={artist.data?.albums.length ?? 0}
    />
  );
}

function ArtistForm({ artist, albumsCount }: { artist: Artist | null; albumsCount: number }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const save = useSaveArtist();
  const del = useDeleteArtists();
  const [deleting, setDeleting] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(artist) });
  const dirty = form.formState.isDirty;
  const blocker = useUnsavedChangesBlocker(dirty && !save.isPending && !form.formState.isSubmitSuccessful);
  const set = <K extends keyof Values>(name: K, value: Values[K]) =>
    form.setValue(name, value as never, { shouldDirty: true });

  const submit = (v: Values) =>
    save.mutate(
      {
        id: artist?.id ?? null,
        body: {
          name: v.name,
          verified: v.verified,
          allow_downloads: v.allow_downloads,
          image_small: v.image_small,
          image_large: v.image_large,
          bio: v.bio || null,
          links: v.links.filter((l) => l.url).map((l) => ({ url: l.url, label: l.label || l.url })),
          genres: v.genres,
        },
      },
      {
        onSuccess: (saved) => {
          toast.positive(artist ? trans('Artist saved') : trans('Artist created'));
          form.reset(valuesOf(saved));
          if (!artist) navigate(paths.adminArtist(saved), { replace: true });
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );

  return (
    <AdminPage
      title={artist ? artist.name : trans('New artist')}
      breadcrumbs={[{ label: trans('Artists'), to: paths.adminArtists() }]}
      actions={
        artist && (
          <>
            <a
              href={paths.artist(artist)}
              className="text-sm text-primary underline-offset-2 hover:underline"
            >
              {trans('View in the player')}
            </a>
            <Button variant="danger" onPress={() => setDeleting(true)}>
              {trans('Delete artist')}
            </Button>
          </>
        )
      }
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-6">
        <AdminCard title={trans('Profile')}>
          <div className="flex flex-col gap-4">
            <FormTextField name="name" label={trans('Name')} isRequired />
            <FormCheckbox name="verified" description={trans('Shows the verified badge next to the name.')}>
              {trans('Verified artist')}
            </FormCheckbox>
            <FormCheckbox
              name="allow_downloads"
              description={trans(
                "Listeners whose plan includes downloads can save the artist's tracks and albums.",
              )}
            >
              {trans('Allow downloads')}
            </FormCheckbox>
            <div className="grid gap-4 sm:grid-cols-2">
              <ImageField
                label={trans('Picture')}
                round
                value={form.watch('image_small')}
                onChange={(url) => set('image_small', url)}
              />
              <ImageField
                label={trans('Header image')}
                value={form.watch('image_large')}
                onChange={(url) => set('image_large', url)}
              />
            </div>
            <FormTextField name="bio" label={trans('Biography')} multiline />
            <GenresPicker value={form.watch('genres')} onChange={(names) => set('genres', names)} />
          </div>
        </AdminCard>
        <ArtistLinksField rows="labelled" card={AdminCard} />
        <SaveBar
          isDirty={dirty}
          isSaving={save.isPending}
          saveLabel={artist ? trans('Save artist') : trans('Create artist')}
          onDiscard={() => form.reset()}
        />
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
      {artist && (
        <ConfirmDialog
          isOpen={deleting}
          onOpenChange={setDeleting}
          title={trans('Delete {name}?', { name: artist.name })}
          confirmLabel={trans('Delete artist')}
          danger
          isPending={del.isPending}
          onConfirm={() =>
            del.mutate([artist.id], {
              onSuccess: () => {
                toast.positive(trans('Artist deleted'));
                navigate(paths.adminArtists());
              },
            })
          }
        >
          {trans(
            'Their likes and follows go with them. Their {count, plural, one {# album} other {# albums}} and tracks stay in the catalogue without this credit. This cannot be undone.',
            { count: albumsCount },
          )}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}
