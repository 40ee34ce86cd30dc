import { zodResolver } from '@hookform/resolvers/zod';
import { type Track, updateBackstageTrackSchema } from '@zema/contracts';
import { Music, Pencil, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { EmptyState, ErrorState } from '#src/components/states';
import { formatDuration } from '#src/lib/format-duration';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Dialog } from '#src/ui/dialog';
import { Form, FormCheckbox, FormTextField, TextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { LoadingPage } from '#src/ui/loading-page';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useDebouncedValue } from '#src/ui/use-debounced-value';
import { useDeleteBackstageTrack, useUpdateBackstageTrack } from '../api/edit-items';
import { useArtistTracks } from '../api/list-artist-items';
import { ArtistSwitch, useCurrentArtist } from '../components/artist-switch';
import { BackstageCard, BackstageFrame } from '../components/backstage-frame';
import { ImageField } from '../components/fields';
import { Pager } from '../components/pager';

const PER_PAGE = 20;

/** /backstage/tracks: the artist's tracks, searched and paged, with edit and delete. */
export default function BackstageTracksPage() {
  const artist = useCurrentArtist();
  if (artist.isPending) return <LoadingPage />;
  return (
    <BackstageFrame title="Tracks" description="Your released tracks. New music goes through Upload.">
      {artist.current ? (
        <TrackList
          key={artist.current.id}
          artistId={artist.current.id}
          switcher={<ArtistSwitch state={artist} />}
        />
      ) : (
        <EmptyState title="No artist yet" description="Once a request is approved, your tracks show here." />
      )}
    </BackstageFrame>
  );
}

function TrackList({ artistId, switcher }: { artistId: number; switcher: React.ReactNode }) {
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(text.trim(), 250);
  const list = useArtistTracks(artistId, {
    page: String(page),
    perPage: String(PER_PAGE),
    ...(query ? { query } : {}),
  });
  const [editing, setEditing] = useState<Track | null>(null);
  const [deleting, setDeleting] = useState<Track | null>(null);
  const del = useDeleteBackstageTrack();
  return (
    <BackstageCard>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          aria-label="Search tracks"
          type="search"
          placeholder="Search tracks"
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
        <Spinner label="Loading tracks" />
      ) : list.isError ? (
        <ErrorState onRetry={() => list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={query ? 'No tracks match this search' : 'No tracks yet'} />
      ) : (
        <>
          <ul aria-label="Tracks" className="flex flex-col divide-y divide-divider">
            {list.data.data.map((track) => (
              <li key={track.id} className="flex items-center gap-3 py-2">
                <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-theme bg-hover">
                  {track.image ? (
                    <img src={track.image} alt="" className="size-full object-cover" />
                  ) : (
                    <Music aria-hidden className="size-5 text-muted" />
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <a href={paths.track(track)} className="block truncate font-medium hover:underline">
                    {track.name}
                  </a>
                  <p className="truncate text-sm text-muted">
                    {[track.album?.name, formatDuration(track.duration_ms / 1000), `${track.plays} plays`]
                      .filter(Boolean)
                      .join(' · ')}
                    {track.explicit ? ' · Explicit' : ''}
                  </p>
                </div>
                <Button variant="icon" aria-label={`Edit ${track.name}`} onPress={() => setEditing(track)}>
                  <Pencil aria-hidden />
                </Button>
                <Button variant="icon" aria-label={`Delete ${track.name}`} onPress={() => setDeleting(track)}>
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
          <Pager page={page} lastPage={list.data.last_page ?? 1} onChange={setPage} label="Tracks pages" />
        </>
      )}
      {editing && <TrackDialog track={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete track"
        danger
        isPending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.positive('Track deleted');
              setDeleting(null);
            },
            onError: (err) => toast.danger(err instanceof Error ? err.message : String(err)),
          })
        }
      >
        The track and its audio file are removed, with its likes and playlist entries. This cannot be undone.
      </ConfirmDialog>
      <LinkButton href={paths.backstageUpload()} variant="outline" className="self-start">
        Upload new music
      </LinkButton>
    </BackstageCard>
  );
}

const trackFormSchema = z.object({
  name: updateBackstageTrackSchema.shape.name,
  number: z.string().regex(/^\d{0,5}$/, 'Enter a whole number.'),
  explicit: z.boolean(),
  image: z.string().nullable(),
});
type TrackFormValues = z.infer<typeof trackFormSchema>;

function TrackDialog({ track, onClose }: { track: Track; onClose: () => void }) {
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
