import { zodResolver } from '@hookform/resolvers/zod';
import { msg, type Track, updateBackstageTrackSchema } from '@zema/contracts';
import { Music } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatDuration } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormCheckbox, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useDeleteBackstageTrack, useUpdateBackstageTrack } from '../api/edit-items';
import { useArtistTracks } from '../api/list-artist-items';
import { READ_ONLY_MESSAGES } from '../components/artist-access';
import { ImageField } from '../components/fields';
import { type ItemKind, ItemListPage } from '../components/item-list';

const TRACKS: ItemKind<Track> = {
  title: msg('Tracks'),
  description: msg('Your released tracks. New music goes through Upload.'),
  texts: {
    search: msg('Search tracks'),
    loading: msg('Loading tracks'),
    noMatch: msg('No tracks match this search'),
    empty: msg('No tracks yet'),
    noArtist: msg('Once a request is approved, your tracks show here.'),
    pages: msg('Tracks pages'),
    deleteLabel: msg('Delete track'),
    deleted: msg('Track deleted'),
    readOnly: READ_ONLY_MESSAGES.tracks,
  },
  useList: useArtistTracks,
  useDelete: useDeleteBackstageTrack,
  icon: Music,
  href: (track) => paths.track(track),
  details: (track, trans) =>
    [
      track.album?.name,
      formatDuration(track.duration_ms / 1000),
      trans('{count, plural, one {# play} other {# plays}}', { count: track.plays }),
      track.explicit ? trans('Explicit') : null,
    ]
      .filter(Boolean)
      .join(' · '),
  deleteNote: msg(
    'The track and its audio file are removed, with its likes and playlist entries. This cannot be undone.',
  ),
  Editor: (props) => <TrackDialog {...props} />,
  footer: <UploadNewMusic />,
};

function UploadNewMusic() {
  const { trans } = useTrans();
  return (
    <LinkButton href={paths.backstageUpload()} variant="outline" className="self-start">
      {trans('Upload new music')}
    </LinkButton>
  );
}

/** /backstage/tracks: the artist's tracks, searched and paged, with edit and delete. */
export default function BackstageTracksPage() {
  return <ItemListPage kind={TRACKS} />;
}

const trackFormSchema = z.object({
  name: updateBackstageTrackSchema.shape.name,
  number: z.string().regex(/^\d{0,5}$/, msg('Enter a whole number.')),
  explicit: z.boolean(),
  image: z.string().nullable(),
});
type TrackFormValues = z.infer<typeof trackFormSchema>;

function TrackDialog({ item: track, onClose }: { item: Track; onClose: () => void }) {
  const { trans } = useTrans();
  const save = useUpdateBackstageTrack();
  const form = useForm<TrackFormValues>({
    resolver: zodResolver(trackFormSchema),
    defaultValues: {
      name: track.name,
      number: track.number ? String(track.number) : '',
      explicit: track.explicit,
      image: track.image,
    },
  });
  const submit = (v: TrackFormValues) =>
    save.mutate(
      {
        id: track.id,
        body: {
          name: v.name,
          number: v.number ? Number(v.number) : null,
          explicit: v.explicit,
          image: v.image,
        },
      },
      {
        onSuccess: () => {
          toast.positive(trans('Track saved'));
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  return (
    <Dialog
      title={trans('Edit {name}', { name: track.name })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="md"
    >
      <Form form={form} onSubmit={submit} aria-label={trans('Edit track')}>
        <FormTextField name="name" label={trans('Name')} isRequired />
        <FormTextField name="number" label={trans('Track number')} inputMode="numeric" />
        <FormCheckbox
          name="explicit"
          description={trans('Marks the track for listeners who avoid explicit lyrics.')}
        >
          {trans('Explicit')}
        </FormCheckbox>
        <ImageField
          label={trans('Artwork')}
          value={form.watch('image')}
          onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={onClose}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={save.isPending}>
            {trans('Save track')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
