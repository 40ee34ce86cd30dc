import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type ArtistRef, type FileEntry, msg, type Track, upsertTrackRequestSchema } from '@zema/contracts';
import { FileAudio } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { UnsavedChangesDialog } from '#src/components/admin/unsaved-changes-dialog';
import { PageError } from '#src/components/states';
import {
  isUploading,
  UploadQueueButton,
  useLatestUpload,
  useOnUploaded,
  useUploadQueue,
} from '#src/features/uploads';
import { formatDuration } from '#src/lib/format';
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
import { catalogueAdminKeys } from '../api/admin-keys';
import { useDeleteTracks } from '../api/delete-tracks';
import { useAlbum } from '../api/get-album';
import { useSaveTrack } from '../api/save-track';
import { useSetTrackAudio, useTrackFollowingAudio } from '../api/set-track-audio';
import {
  type AlbumChoice,
  AlbumPicker,
  ArtistsPicker,
  FieldMessage,
  GenresPicker,
  ImageField,
} from '../components/admin-fields';

const AUDIO_ACCEPT = ['audio/*', '.mp3', '.ogg', '.opus', '.flac', '.m4a', '.wav', '.webm'];
const AUDIO_UPLOAD = { uploadType: 'track-audio' };

const shape = upsertTrackRequestSchema.shape;
const formSchema = z.object({
  name: shape.name,
  artists: z.array(z.custom<ArtistRef>()).min(1, msg('Choose at least one artist.')).max(20),
  album: z.custom<AlbumChoice>().nullable(),
  number: z.union([z.literal(''), z.string().regex(/^\d{1,5}$/, msg('Enter a whole number.'))]),
  genres: z.array(z.string()).max(20),
  explicit: z.boolean(),
  image: z.string().nullable(),
});
type Values = z.infer<typeof formSchema>;

const valuesOf = (t: Track | null, album: AlbumChoice | null): Values => ({
  name: t?.name ?? '',
  artists: t?.artists ?? [],
  album: t?.album ? { id: t.album.id, name: t.album.name } : album,
  number: t?.number ? String(t.number) : '',
  genres: t?.genres?.map((g) => g.display_name) ?? [],
  explicit: t?.explicit ?? false,
  // The row's own artwork only: `image` in the answer falls back to the album cover.
  image: t && t.image !== t.album?.image ? t.image : null,
});

/** /admin/tracks/new (?album= to add one to an album) and /admin/tracks/:trackId. */
export default function AdminTrackPage() {
  const param = useParams().trackId;
  const id = param === undefined || param === 'new' ? null : Number(param);
  const [search] = useSearchParams();
  const albumId = Number(search.get('album'));
  // Read again while the track's new audio is analysed (the set-audio answer says `processing`).
  const track = useTrackFollowingAudio(id ?? Number.NaN);
  const album = useAlbum(id === null && albumId > 0 ? albumId : Number.NaN);
  if (id !== null && track.isPending) return <LoadingPage />;
  if (id !== null && track.isError) return <PageError error={track.error} onRetry={() => track.refetch()} />;
  if (id === null && albumId > 0 && album.isPending) return <LoadingPage />;
  return <TrackForm key={id ?? 'new'} track={track.data ?? null} album={album.data ?? null} />;
}

function TrackForm({
  track,
  album,
}: {
  track: Track | null;
  album: { id: number; name: string; artists: ArtistRef[]; tracks_count: number } | null;
}) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useSaveTrack();
  const setAudio = useSetTrackAudio();
  const del = useDeleteTracks();
  const [deleting, setDeleting] = useState(false);
  // The audio goes through the upload queue (tus from 4 MB: a 300 MB master resumes, with
  // progress, Cancel and Retry); the finished upload is then given to the track. A new track's
  // upload waits here until the track is created.
  const queue = useUploadQueue({ accept: AUDIO_ACCEPT, metadata: AUDIO_UPLOAD });
  const latestUpload = useLatestUpload(queue);
  const uploading = isUploading(latestUpload);
  const [entry, setEntry] = useState<FileEntry | null>(null);
  const [fileError, setFileError] = useState<string>();
  const defaults = valuesOf(track, album ? { id: album.id, name: album.name } : null);
  if (!track && album) {
    defaults.artists = album.artists;
    defaults.number = String(album.tracks_count + 1);
  }
  const form = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: defaults });
  // A new track's upload is part of the form; an existing track's is saved on its own when done.
  const dirty = form.formState.isDirty || entry !== null || (!track && uploading);
  const busy = save.isPending || setAudio.isPending;
  // Leaving mid-upload stops it (it resumes if the same file is chosen again): asked first.
  const blocker = useUnsavedChangesBlocker(
    (dirty && !busy && !form.formState.isSubmitSuccessful) || uploading,
  );
  const set = <K extends keyof Values>(name: K, value: Values[K]) =>
    form.setValue(name, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const errors = form.formState.errors;
  const artistsError = errors.artists?.message ?? errors.artists?.root?.message;

  const audioSaved = (saved: Track) =>
    toast.positive(
      trans('Audio saved ({duration})', { duration: formatDuration(Math.round(saved.duration_ms / 1000)) }),
    );
  // The server answers at once and analyses the file as a job: the track says `processing` (and
  // keeps playing its previous audio) until it is done. Its end, seen here, is announced: the new
  // length, or the reason the file was refused (shown under the card from the track itself).
  const audioStatus = track?.audio_status ?? 'ready';
  const processing = audioStatus === 'processing';
  const lastStatus = useRef(audioStatus);
  useEffect(() => {
    const was = lastStatus.current;
    lastStatus.current = audioStatus;
    if (was !== 'processing' || audioStatus === 'processing' || !track) return;
    // The admin lists show the new length too.
    void queryClient.invalidateQueries({ queryKey: catalogueAdminKeys.all });
    if (audioStatus === 'ready') audioSaved(track);
  });
  const refused =
    track?.audio_status !== 'failed'
      ? undefined
      : track.audio_error
        ? trans(track.audio_error)
        : trans('This file could not be read.');

  const sendAudio = (id: number, fileEntryId: number, then?: () => void) =>
    setAudio.mutate(
      { id, fileEntryId },
      {
        onSuccess: (saved) => {
          setEntry(null);
          setFileError(undefined);
          if (saved.audio_status !== 'processing') audioSaved(saved);
          then?.();
        },
        onError: (error) => {
          const map = (error as { errors?: Record<string, string[]> }).errors;
          setFileError(
            map?.file_entry_id?.[0] ??
              map?.file?.[0] ??
              (error instanceof Error ? error.message : String(error)),
          );
        },
      },
    );

  const submit = (v: Values) =>
    save.mutate(
      {
        id: track?.id ?? null,
        body: {
          name: v.name,
          artist_ids: v.artists.map((a) => a.id),
          album_id: v.album?.id ?? null,
          number: v.number ? Number(v.number) : null,
          genres: v.genres,
          explicit: v.explicit,
          image: v.image,
        },
      },
      {
        onSuccess: (saved) => {
          form.reset(valuesOf(saved, null));
          const done = () => {
            toast.positive(track ? trans('Track saved') : trans('Track created'));
            if (!track) navigate(paths.adminTrack(saved), { replace: true });
          };
          // A new track's file goes up once the track exists; the page then shows the track.
          if (entry) sendAudio(saved.id, entry.id, done);
          else done();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );

  useOnUploaded(queue, (uploaded) => {
    setFileError(undefined);
    if (track) sendAudio(track.id, uploaded.id);
    else setEntry(uploaded);
  });

  return (
    <AdminPage
      title={track ? track.name : trans('New track')}
      breadcrumbs={[{ label: trans('Tracks'), to: paths.adminTracks() }]}
      actions={
        track && (
          <>
            <a href={paths.track(track)} className="text-sm text-primary underline-offset-2 hover:underline">
              {trans('View in the player')}
            </a>
            <Button variant="danger" onPress={() => setDeleting(true)}>
              {trans('Delete track')}
            </Button>
          </>
        )
      }
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-6">
        <AdminCard title={trans('Audio file')}>
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-3">
              <FileAudio aria-hidden className="size-8 shrink-0 text-muted" />
              <div className="flex min-w-48 flex-1 flex-col text-sm">
                {entry ? (
                  <span className="truncate font-medium text-fg">{entry.name}</span>
                ) : track?.stream_url ? (
                  <span className="font-medium text-fg">
                    {track.format?.toUpperCase()} · {formatDuration(Math.round(track.duration_ms / 1000))}
                    {track.bitrate ? ` · ${trans('{bitrate} kbps', { bitrate: track.bitrate })}` : ''}
                  </span>
                ) : (
                  <span className="text-muted">
                    {trans('No audio file yet: the track is listed but cannot be played.')}
                  </span>
                )}
                <span className="text-xs text-muted" aria-live="polite">
                  {setAudio.isPending || processing
                    ? trans('Processing…')
                    : entry
                      ? trans('Given to the track when it is created; its length is read from the file.')
                      : trans('MP3, OGG, Opus, FLAC, M4A, WAV or WebM. The length is read from the file.')}
                </span>
                {processing && track?.stream_url && (
                  <span className="text-xs text-muted">
                    {trans('Until then the track plays its previous audio.')}
                  </span>
                )}
              </div>
            </div>
            <UploadQueueButton
              queue={queue}
              accept={AUDIO_ACCEPT}
              inputLabel={trans('Audio file')}
              isDisabled={setAudio.isPending}
            >
              {track?.stream_url || entry ? trans('Replace audio') : trans('Choose audio file')}
            </UploadQueueButton>
          </div>
          <FieldMessage error={fileError ?? refused} />
        </AdminCard>
        <AdminCard title={trans('Track')}>
          <div className="flex flex-col gap-4">
            <FormTextField name="name" label={trans('Title')} isRequired />
            <ArtistsPicker
              label={trans('Artists')}
              value={form.watch('artists')}
              onChange={(artists) => set('artists', artists)}
              errorMessage={artistsError && trans(artistsError)}
            />
            <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
              <AlbumPicker value={form.watch('album')} onChange={(a) => set('album', a)} />
              <FormTextField name="number" label={trans('Number')} inputMode="numeric" />
            </div>
            <GenresPicker value={form.watch('genres')} onChange={(names) => set('genres', names)} />
            <FormCheckbox name="explicit">{trans('Explicit lyrics')}</FormCheckbox>
            <ImageField
              label={trans('Artwork')}
              value={form.watch('image')}
              onChange={(url) => set('image', url)}
            />
          </div>
        </AdminCard>
        <SaveBar
          isDirty={dirty}
          isSaving={busy}
          saveLabel={track ? trans('Save track') : trans('Create track')}
          isSaveDisabled={!track && uploading}
          onDiscard={() => {
            form.reset();
            setEntry(null);
            if (latestUpload && uploading) queue.cancel(latestUpload.id);
          }}
        />
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
      {track && (
        <ConfirmDialog
          isOpen={deleting}
          onOpenChange={setDeleting}
          title={trans('Delete {name}?', { name: track.name })}
          confirmLabel={trans('Delete track')}
          danger
          isPending={del.isPending}
          onConfirm={() =>
            del.mutate([track.id], {
              onSuccess: () => {
                toast.positive(trans('Track deleted'));
                navigate(paths.adminTracks());
              },
            })
          }
        >
          {trans(
            'Its audio file, likes and play history go with it, and it leaves every playlist holding it. This cannot be undone.',
          )}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}
