import { zodResolver } from '@hookform/resolvers/zod';
import { type Artist, type BackstageArtist, updateBackstageArtistSchema } from '@zema/contracts';
import { ExternalLink } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { ArtistLinksField, artistLinkRowsSchema } from '#src/components/artist-links-field';
import { PageError } from '#src/components/states';
import { OpenArtistWorkspace } from '#src/features/workspaces';
import { ApiError } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { LinkButton } from '#src/ui/button';
import { Form, FormCheckbox, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { LoadingPage } from '#src/ui/loading-page';
import { SaveBar } from '#src/ui/save-bar';
import { toast } from '#src/ui/toast';
import { useBackstageArtist } from '../api/get-artist';
import { useMyArtists } from '../api/list-my-artists';
import { useUpdateBackstageArtist } from '../api/update-artist';
import { canEditArtist, READ_ONLY_MESSAGES, ReadOnlyNotice } from '../components/artist-access';
import { BackstageCard, BackstageFrame } from '../components/backstage-frame';
import { GenresInput, ImageField } from '../components/fields';

// The contract's fields; optional texts are held as strings (empty = none) while editing.
export const artistFormSchema = z.object({
  name: updateBackstageArtistSchema.shape.name,
  image_small: z.string().nullable(),
  image_large: z.string().nullable(),
  bio: z.string().trim().max(10_000),
  links: artistLinkRowsSchema,
  genres: z.array(z.string()).max(20),
  allow_downloads: z.boolean(),
});
export type ArtistFormValues = z.infer<typeof artistFormSchema>;

const valuesOf = (a: Artist): ArtistFormValues => ({
  name: a.name,
  image_small: a.image_small,
  image_large: a.image_large,
  bio: a.bio ?? '',
  links: a.links,
  genres: a.genres.map((g) => g.display_name),
  allow_downloads: a.allow_downloads ?? false,
});

/**
 * /backstage/artists/:artistId: the artist's public profile, as its managers edit it; read-only to
 * a team member whose role only lets them see it.
 */
export default function BackstageArtistPage() {
  const id = Number(useParams().artistId);
  const artist = useBackstageArtist(id);
  // In what capacity the caller works on it here (the frame asks for the same list).
  const mine = useMyArtists();
  // Not this workspace's artist: another of the caller's may hold it (switch there), or none.
  if (artist.error instanceof ApiError && artist.error.status === 403)
    return <OpenArtistWorkspace artistId={id} />;
  if (artist.isPending || mine.isPending) return <LoadingPage />;
  if (artist.isError) return <PageError error={artist.error} onRetry={() => artist.refetch()} />;
  const access = mine.data?.find((a) => a.id === artist.data.id);
  return <ArtistForm key={artist.data.id} artist={artist.data} access={access} />;
}

export function ArtistForm({ artist, access }: { artist: Artist; access?: BackstageArtist }) {
  const { trans } = useTrans();
  const readOnly = access ? !canEditArtist(access) : false;
  const save = useUpdateBackstageArtist();
  const form = useForm<ArtistFormValues>({
    resolver: zodResolver(artistFormSchema),
    defaultValues: valuesOf(artist),
  });
  const dirty = form.formState.isDirty;
  const set = <K extends keyof ArtistFormValues>(name: K, value: ArtistFormValues[K]) =>
    form.setValue(name, value as never, { shouldDirty: true });

  const submit = (v: ArtistFormValues) => {
    // A read-only form has no Save; Enter in a field must not send what the server refuses.
    if (readOnly) return;
    save.mutate(
      {
        id: artist.id,
        body: {
          name: v.name,
          image_small: v.image_small,
          image_large: v.image_large,
          bio: v.bio || null,
          links: v.links.filter((l) => l.url).map((l) => ({ url: l.url, label: l.label || l.url })),
          genres: v.genres,
          allow_downloads: v.allow_downloads,
        },
      },
      {
        onSuccess: (saved) => {
          toast.positive(trans('Profile saved'));
          form.reset(valuesOf(saved));
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  };

  return (
    <BackstageFrame
      title={artist.name}
      description={trans('Your public artist page: what listeners see first.')}
      notice={<ReadOnlyNotice artist={access} message={READ_ONLY_MESSAGES.artist} />}
      actions={
        <LinkButton
          href={paths.artist(artist)}
          variant="outline"
          size="sm"
          startIcon={<ExternalLink aria-hidden />}
        >
          {trans('View public page')}
        </LinkButton>
      }
    >
      <Form
        form={form}
        onSubmit={submit}
        className="flex flex-col gap-6"
        aria-label={trans('Artist profile')}
      >
        <BackstageCard title={trans('Profile')}>
          <FormTextField name="name" label={trans('Name')} isRequired isReadOnly={readOnly} />
          <div className="grid gap-4 sm:grid-cols-2">
            <ImageField
              label={trans('Picture')}
              round
              value={form.watch('image_small')}
              onChange={(url) => set('image_small', url)}
              isReadOnly={readOnly}
            />
            <ImageField
              label={trans('Header image')}
              value={form.watch('image_large')}
              onChange={(url) => set('image_large', url)}
              isReadOnly={readOnly}
            />
          </div>
          <FormTextField name="bio" label={trans('Biography')} multiline rows={6} isReadOnly={readOnly} />
          <GenresInput
            value={form.watch('genres')}
            onChange={(names) => set('genres', names)}
            isReadOnly={readOnly}
          />
          <FormCheckbox
            name="allow_downloads"
            description={trans('Listeners whose plan includes downloads can save your tracks and albums.')}
            isReadOnly={readOnly}
          >
            {trans('Allow downloads')}
          </FormCheckbox>
        </BackstageCard>
        <ArtistLinksField rows="labelled" card={BackstageCard} isReadOnly={readOnly} />
        {!readOnly && (
          <SaveBar
            isDirty={dirty}
            isSaving={save.isPending}
            saveLabel={trans('Save profile')}
            onDiscard={() => form.reset()}
          />
        )}
      </Form>
    </BackstageFrame>
  );
}
