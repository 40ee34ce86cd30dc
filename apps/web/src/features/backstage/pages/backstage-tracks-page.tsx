import { zodResolver } from '@hookform/resolvers/zod';
import { type Track, updateBackstageTrackSchema } from '@zema/contracts';
import { Music } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatDuration, formatNumber } from '#src/lib/format';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormCheckbox, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useDeleteBackstageTrack, useUpdateBackstageTrack } from '../api/edit-items';
import { useArtistTracks } from '../api/list-artist-items';
import { ImageField } from '../components/fields';
import { type ItemKind, ItemListPage } from '../components/item-list';

const TRACKS: ItemKind<Track> = {
  one: 'track',
  many: 'tracks',
  title: 'Tracks',
  description: 'Your released tracks. New music goes through Upload.',
  useList: useArtistTracks,
  useDelete: useDeleteBackstageTrack,
  icon: Music,
  href: (track) => paths.track(track),
  details: (track) =>
    [
      track.album?.name,
      formatDuration(track.duration_ms / 1000),
      track.plays === 1 ? '1 play' : `${formatNumber(track.plays, 'en')} plays`,
    ]
      .filter(Boolean)
      .join(' · ') + (track.explicit ? ' · Explicit' : ''),
  deleteNote:
    'The track and its audio file are removed, with its likes and playlist entries. This cannot be undone.',
  Editor: (props) => <TrackDialog {...props} />,
  footer: (
    <LinkButton href={paths.backstageUpload()} variant="outline" className="self-start">
      Upload new music
    </LinkButton>
  ),
};

/** /backstage/tracks: the artist's tracks, searched and paged, with edit and delete. */
export default function BackstageTracksPage() {
  return <ItemListPage kind={TRACKS} />;
}

const trackFormSchema = z.object({
  name: updateBackstageTrackSchema.shape.name,
  number: z.string().regex(/^\d{0,5}$/, 'Enter a whole number.'),
  explicit: z.boolean(),
  image: z.string().nullable(),
});
type TrackFormValues = z.infer<typeof trackFormSchema>;

function TrackDialog({ item: track, onClose }: { item: Track; onClose: () => void }) {
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
          toast.positive('Track saved');
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  return (
    <Dialog title={`Edit ${track.name}`} isOpen onOpenChange={(open) => !open && onClose()} size="md">
      <Form form={form} onSubmit={submit} aria-label="Edit track">
        <FormTextField name="name" label="Name" isRequired />
        <FormTextField name="number" label="Track number" inputMode="numeric" />
        <FormCheckbox name="explicit" description="Marks the track for listeners who avoid explicit lyrics.">
          Explicit
        </FormCheckbox>
        <ImageField
          label="Artwork"
          value={form.watch('image')}
          onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={save.isPending}>
            Save track
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
