import { zodResolver } from '@hookform/resolvers/zod';
import { type Artist, updateBackstageArtistSchema } from '@zema/contracts';
import { ExternalLink, Plus, X } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { z } from 'zod';
import { PageError } from '#src/components/states';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { Form, FormCheckbox, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { LoadingPage } from '#src/ui/loading-page';
import { toast } from '#src/ui/toast';
import { useBackstageArtist } from '../api/get-artist';
import { useUpdateBackstageArtist } from '../api/update-artist';
import { BackstageCard, BackstageFrame } from '../components/backstage-frame';
import { GenresInput, ImageField } from '../components/fields';

// The contract's fields; optional texts are held as strings (empty = none) while editing.
export const artistFormSchema = z.object({
  name: updateBackstageArtistSchema.shape.name,
  image_small: z.string().nullable(),
  image_large: z.string().nullable(),
  bio: z.string().trim().max(10_000),
  links: z
    .array(
      z.object({
        label: z.string().trim().max(100),
        url: z.string().trim().url('Enter a full URL (https://…).').max(2000),
      }),
    )
    .max(20),
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

/** /backstage/artists/:artistId: the artist's public profile, as its managers edit it. */
export default function BackstageArtistPage() {
  const id = Number(useParams().artistId);
  const artist = useBackstageArtist(id);
  if (artist.isPending) return <LoadingPage />;
  if (artist.isError) return <PageError error={artist.error} onRetry={() => artist.refetch()} />;
  return <ArtistForm key={artist.data.id} artist={artist.data} />;
}

export function ArtistForm({ artist }: { artist: Artist }) {
  const save = useUpdateBackstageArtist();
  const form = useForm<ArtistFormValues>({
    resolver: zodResolver(artistFormSchema),
    defaultValues: valuesOf(artist),
  });
  const links = useFieldArray({ control: form.control, name: 'links' });
  const dirty = form.formState.isDirty;
  const set = <K extends keyof ArtistFormValues>(name: K, value: ArtistFormValues[K]) =>
    form.setValue(name, value as never, { shouldDirty: true });

  const submit = (v: ArtistFormValues) =>
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
          toast.positive('Profile saved');
          form.reset(valuesOf(saved));
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );

  return (
    <BackstageFrame
      title={artist.name}
      description="Your public artist page: what listeners see first."
      actions={
        <LinkButton
          href={paths.artist(artist)}
          variant="outline"
          size="sm"
          startIcon={<ExternalLink aria-hidden />}
        >
          View public page
        </LinkButton>
      }
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-6" aria-label="Artist profile">
        <BackstageCard title="Profile">
          <FormTextField name="name" label="Name" isRequired />
          <div className="grid gap-4 sm:grid-cols-2">
            <ImageField
              label="Picture"
              round
              value={form.watch('image_small')}
              onChange={(url) => set('image_small', url)}
            />
            <ImageField
              label="Header image"
              value={form.watch('image_large')}
              onChange={(url) => set('image_large', url)}
            />
          </div>
          <FormTextField name="bio" label="Biography" multiline rows={6} />
          <GenresInput value={form.watch('genres')} onChange={(names) => set('genres', names)} />
          <FormCheckbox
            name="allow_downloads"
            description="Listeners whose plan includes downloads can save your tracks and albums."
          >
            Allow downloads
          </FormCheckbox>
        </BackstageCard>
        <BackstageCard
          title="Links"
          actions={
            <Button
              variant="outline"
              size="sm"
              startIcon={<Plus aria-hidden />}
              isDisabled={links.fields.length >= 20}
              onPress={() => links.append({ label: '', url: '' })}
            >
              Add link
            </Button>
          }
        >
          {links.fields.length === 0 ? (
            <p className="text-sm text-muted">No links yet: a website, a shop or social pages.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {links.fields.map((field, index) => (
                <li key={field.id} className="flex flex-wrap items-end gap-2 sm:flex-nowrap">
                  <FormTextField name={`links.${index}.label`} label="Label" className="w-full sm:w-48" />
                  <FormTextField
                    name={`links.${index}.url`}
                    label="URL"
                    type="url"
                    className="min-w-0 flex-1"
                  />
                  <Button
                    variant="icon"
                    aria-label={`Remove link ${index + 1}`}
                    onPress={() => links.remove(index)}
                  >
                    <X aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </BackstageCard>
        <div className="sticky bottom-0 flex items-center justify-end gap-2 border-t border-divider bg-bg-alt/95 py-3 backdrop-blur">
          {dirty && <span className="me-auto text-sm text-muted">Unsaved changes</span>}
          <Button variant="text" isDisabled={!dirty} onPress={() => form.reset()}>
            Discard
          </Button>
          <Button type="submit" isPending={save.isPending}>
            Save profile
          </Button>
        </div>
      </Form>
    </BackstageFrame>
  );
}
