import { msg, RELEASE_TYPES, type ReleaseDraft, type TrackDraft } from '@zema/contracts';
import { uploads } from '@zema/contracts/uploads/uploads.operations';
import { AlertTriangle, CheckCircle2, Disc3, Loader2, Trash2, XCircle } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '#src/lib/api-error';
import { formatDuration, useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { Checkbox, TextField } from '#src/ui/field';
import { Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import { analysing, useRelease } from '../api/get-release';
import {
  usePublishRelease,
  useRemoveTrackDraft,
  useUpdateRelease,
  useUpdateTrackDraft,
} from '../api/release-mutations';
import { useUploadBackstageImage } from '../api/upload-image';

const TYPE_LABELS: Record<(typeof RELEASE_TYPES)[number], string> = {
  album: msg('Album'),
  single: msg('Single'),
  ep: msg('EP'),
  compilation: msg('Compilation'),
};

const errorsOf = (err: unknown) => (err instanceof ApiError ? (err.errors ?? {}) : {});
const first = (errors: Record<string, string[]>, key: string) => errors[key]?.[0];

/** When a release is to come out: one message whose `{date}` is a `<time>` element. */
function ScheduledFor({ message, at }: { message: string; at: string }) {
  const { trans } = useTrans();
  const format = useFormat();
  const mark = '\u0000';
  const [before = '', after = ''] = trans(message, { date: mark }).split(mark);
  return (
    <>
      {before}
      <time dateTime={at}>{format.dateTime(at, { dateStyle: 'numeric', timeStyle: 'medium' })}</time>
      {after}
    </>
  );
}

/** Uploads a picture (re-encoded by the server) and makes it the release's cover. */
function CoverButton({ release }: { release: ReleaseDraft }) {
  const { trans } = useTrans();
  const upload = useUploadBackstageImage();
  const update = useUpdateRelease(release.id);
  const input = useRef<HTMLInputElement>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (image) =>
        update.mutate({ image }, { onSuccess: () => toast.positive(trans('Cover saved')) }),
      onError: (err) =>
        toast.danger(err instanceof Error ? err.message : trans('The picture could not be uploaded.')),
    });
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button
        variant="outline"
        size="sm"
        isPending={upload.isPending || update.isPending}
        onPress={() => input.current?.click()}
      >
        {release.image ? trans('Change cover') : trans('Add cover')}
      </Button>
    </>
  );
}

/** The release's own fields: name, type, date, genres, description. */
function ReleaseFields({ release, readOnly }: { release: ReleaseDraft; readOnly: boolean }) {
  const { trans } = useTrans();
  const update = useUpdateRelease(release.id);
  const [name, setName] = useState(release.name);
  const [type, setType] = useState(release.type);
  const [date, setDate] = useState(release.release_date ?? '');
  const [genres, setGenres] = useState(release.genres.join(', '));
  const [description, setDescription] = useState(release.description ?? '');
  // Analysis fills name, date and genres from the tags: show them until the user edits a field.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (touched) return;
    setName(release.name);
    setType(release.type);
    setDate(release.release_date ?? '');
    setGenres(release.genres.join(', '));
    setDescription(release.description ?? '');
  }, [release, touched]);
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      setTouched(true);
      set(v);
    };
  const errors = errorsOf(update.error);
  const locked = readOnly || release.status === 'published';

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    update.mutate(
      {
        name,
        type,
        release_date: date || null,
        genres: genres
          .split(',')
          .map((g) => g.trim())
          .filter(Boolean),
        description: description || null,
      },
      {
        onSuccess: () => {
          setTouched(false);
          toast.positive(trans('Release saved'));
        },
      },
    );
  };

  return (
    <form
      onSubmit={save}
      className="grid gap-4 sm:grid-cols-[8rem_1fr]"
      aria-label={trans('Release details')}
    >
      <div className="flex flex-col gap-2">
        <div className="flex size-32 items-center justify-center overflow-hidden rounded-theme bg-bg-alt text-muted">
          {release.image ? (
            <img src={release.image} alt="" className="size-full object-cover" />
          ) : (
            <Disc3 aria-hidden="true" className="size-12" />
          )}
        </div>
        {!locked && <CoverButton release={release} />}
        {first(errors, 'image') && <span className="text-xs text-danger">{first(errors, 'image')}</span>}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={trans('Title')}
          value={name}
          onChange={edit(setName)}
          errorMessage={first(errors, 'name')}
          isDisabled={locked}
          className="sm:col-span-2"
        />
        <Select
          label={trans('Type')}
          items={RELEASE_TYPES.map((id) => ({ id, label: trans(TYPE_LABELS[id]) }))}
          selectedKey={type}
          onSelectionChange={(key) => edit(setType)(key as ReleaseDraft['type'])}
          errorMessage={first(errors, 'type')}
          isDisabled={locked}
        />
        <TextField
          label={trans('Release date')}
          type="date"
          description={
            date
              ? undefined
              : trans('Empty: the release is dated the day it is published. Set the day it came out.')
          }
          value={date}
          onChange={edit(setDate)}
          errorMessage={first(errors, 'release_date')}
          isDisabled={locked}
        />
        <TextField
          label={trans('Genres')}
          description={trans('Separate genres with commas.')}
          value={genres}
          onChange={edit(setGenres)}
          errorMessage={first(errors, 'genres')}
          isDisabled={locked}
          className="sm:col-span-2"
        />
        <TextField
          label={trans('Description')}
          multiline
          rows={3}
          value={description}
          onChange={edit(setDescription)}
          errorMessage={first(errors, 'description')}
          isDisabled={locked}
          className="sm:col-span-2"
        />
        {!locked && (
          <div className="sm:col-span-2">
            <Button type="submit" variant="outline" isPending={update.isPending} isDisabled={!touched}>
              {trans('Save details')}
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}

function TrackStatus({ track }: { track: TrackDraft }) {
  const { trans } = useTrans();
  if (track.status === 'failed')
    return (
      <span className="flex items-center gap-1.5 text-sm text-danger">
        <XCircle aria-hidden="true" className="size-4 shrink-0" />
        {track.error ? trans(track.error) : trans('This file could not be read.')}
      </span>
    );
  if (track.status === 'ready')
    return (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <span className="flex items-center gap-1.5 text-positive">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {trans('Ready')}
        </span>
        {track.duration_ms !== null && <span>{formatDuration(Math.round(track.duration_ms / 1000))}</span>}
        {track.format && <span className="uppercase">{track.format}</span>}
        {track.loudness_lufs !== null && (
          <span>
            {track.loudness_lufs.toFixed(1)}
            {/* i18n-ignore */} LUFS
          </span>
        )}
      </span>
    );
  const label =
    track.status === 'queued'
      ? trans('Waiting to be analysed')
      : trans('Analysing {progress}%', { progress: track.progress });
  return (
    <span className="flex items-center gap-2 text-sm text-muted">
      <Loader2 aria-hidden="true" className="size-4 animate-spin" />
      <span>{label}</span>
      <progress
        className="h-1.5 w-24 overflow-hidden rounded-full accent-primary"
        max={100}
        value={track.progress}
        aria-label={trans('{name}: {status}', { name: track.name, status: label })}
      />
    </span>
  );
}

function TrackRow({ release, track, locked }: { release: ReleaseDraft; track: TrackDraft; locked: boolean }) {
  const { trans } = useTrans();
  const update = useUpdateTrackDraft(release.id);
  const remove = useRemoveTrackDraft(release.id);
  const [name, setName] = useState(track.name);
  const [artistsText, setArtistsText] = useState(track.artists.join(', '));
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (dirty) return;
    setName(track.name);
    setArtistsText(track.artists.join(', '));
  }, [track, dirty]);
  const errors = errorsOf(update.error);
  const save = () => {
    if (!dirty) return;
    update.mutate(
      {
        trackId: track.id,
        name,
        artists: artistsText
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean),
      },
      { onSuccess: () => setDirty(false) },
    );
  };
  return (
    <li className="grid gap-3 border-b border-divider py-3 last:border-0 sm:grid-cols-[2rem_1fr_1fr_auto] sm:items-start">
      <span className="pt-2 text-sm tabular-nums text-muted" aria-hidden="true">
        {track.position}
      </span>
      <div className="flex min-w-0 flex-col gap-1.5">
        <TextField
          label={trans('Title of track {position}', { position: track.position })}
          value={name}
          onChange={(v) => {
            setDirty(true);
            setName(v);
          }}
          onBlur={save}
          errorMessage={first(errors, 'name')}
          isDisabled={locked}
        />
        <TrackStatus track={track} />
        {track.status === 'ready' && track.file_entry_id !== null && (
          // Heard before it is published: the uploaded file, through the authorised download.
          // biome-ignore lint/a11y/useMediaCaption: a music preview has no speech to caption
          <audio
            controls
            preload="none"
            src={uploads.download.path.replace(':id', String(track.file_entry_id))}
            aria-label={trans('Preview {name}', { name: track.name })}
            className="h-9 w-full max-w-sm"
          />
        )}
        {track.duplicate_of && (
          <span className="flex items-center gap-1.5 text-sm text-warning">
            <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
            {trans('The same file is already published as “{name}”.', { name: track.duplicate_of.name })}
          </span>
        )}
        {track.file_name && (
          <span className="truncate text-xs text-muted">{track.relative_path ?? track.file_name}</span>
        )}
      </div>
      <TextField
        label={trans('Artists')}
        description={trans('Other credited artists, separated by commas.')}
        value={artistsText}
        onChange={(v) => {
          setDirty(true);
          setArtistsText(v);
        }}
        onBlur={save}
        errorMessage={first(errors, 'artists')}
        isDisabled={locked}
      />
      <div className="flex items-center gap-2 sm:pt-7">
        <Checkbox
          isSelected={track.explicit}
          isDisabled={locked || update.isPending}
          onChange={(explicit) => update.mutate({ trackId: track.id, explicit })}
        >
          {trans('Explicit')}
        </Checkbox>
        {!locked && (
          <Button
            variant="icon"
            aria-label={trans('Remove {name}', { name: track.name })}
            isPending={remove.isPending}
            onPress={() => remove.mutate(track.id)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>
    </li>
  );
}

/** Where a release stands, for a role that may see it but not publish it. */
function ReleaseState({ release }: { release: ReleaseDraft }) {
  const { trans } = useTrans();
  return (
    <p className="rounded-theme bg-bg-alt p-4 text-sm">
      {release.status === 'scheduled' && release.publish_at ? (
        <ScheduledFor message={msg('Scheduled for {date}.')} at={release.publish_at} />
      ) : (
        trans('Draft: not published yet.')
      )}
    </p>
  );
}

function PublishBox({ release }: { release: ReleaseDraft }) {
  const { trans } = useTrans();
  const publish = usePublishRelease(release.id);
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const id = useId();
  const busy = analysing(release);
  const errors = errorsOf(publish.error);
  const message = first(errors, 'tracks') ?? first(errors, 'publish_at');

  if (release.status === 'published') {
    const track = release.tracks[0]?.track_id;
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-theme bg-bg-alt p-4 text-sm">
        <CheckCircle2 aria-hidden="true" className="size-5 text-positive" />
        <span className="font-medium">{trans('Published')}</span>
        {release.album_id ? (
          <LinkButton
            variant="outline"
            size="sm"
            href={paths.album({ id: release.album_id, name: release.name })}
          >
            {trans('Open the album')}
          </LinkButton>
        ) : track ? (
          <LinkButton
            variant="outline"
            size="sm"
            href={paths.track({ id: track, name: release.tracks[0]!.name })}
          >
            {trans('Open the track')}
          </LinkButton>
        ) : null}
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const publishAt = when === 'later' && at ? new Date(at).toISOString() : null;
    publish.mutate(publishAt, {
      onSuccess: (r) =>
        toast.positive(r.status === 'scheduled' ? trans('Release scheduled') : trans('Release published')),
    });
  };
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-theme border border-divider p-4"
      aria-label={trans('Publish')}
    >
      {release.status === 'scheduled' && release.publish_at && (
        <p className="text-sm">
          <ScheduledFor
            message={msg('Scheduled for {date}. Publish now or choose another date.')}
            at={release.publish_at}
          />
        </p>
      )}
      <fieldset className="flex flex-wrap items-center gap-4">
        <legend className="mb-2 text-sm font-medium">{trans('When')}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${id}-when`} checked={when === 'now'} onChange={() => setWhen('now')} />
          {trans('Publish now')}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-when`}
            checked={when === 'later'}
            onChange={() => setWhen('later')}
          />
          {trans('Schedule')}
        </label>
        {when === 'later' && (
          <TextField
            label={trans('Release on')}
            type="datetime-local"
            value={at}
            onChange={setAt}
            isRequired
            className="min-w-56"
          />
        )}
      </fieldset>
      {message && (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
      <div>
        <Button
          type="submit"
          isPending={publish.isPending}
          isDisabled={busy || release.tracks.length === 0 || (when === 'later' && !at)}
        >
          {when === 'later' ? trans('Schedule release') : trans('Publish')}
        </Button>
        {busy && (
          <span className="ml-3 text-sm text-muted">
            {trans('Publishing is possible once every track is analysed.')}
          </span>
        )}
      </div>
    </form>
  );
}

/**
 * The draft of one release: its details, its tracks with their analysis, and publishing. Read-only
 * (a team role that may only see the artist): the same, without a way to change or publish it.
 */
export function ReleaseEditor({ releaseId, readOnly = false }: { releaseId: number; readOnly?: boolean }) {
  const { trans } = useTrans();
  const { data: release, isPending, error } = useRelease(releaseId);
  if (isPending) return <p className="text-sm text-muted">{trans('Loading the release…')}</p>;
  if (error || !release)
    return <p className="text-sm text-danger">{trans('This release could not be loaded.')}</p>;
  const locked = readOnly || release.status === 'published';
  return (
    <section
      aria-labelledby={`release-${release.id}-title`}
      className="flex flex-col gap-5 rounded-theme border border-divider bg-bg p-4 sm:p-6"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`release-${release.id}-title`} className="text-lg font-semibold">
          {release.name}
        </h2>
        <span className="text-sm text-muted">
          {[
            trans(TYPE_LABELS[release.type]),
            release.artist.name,
            trans('{count, plural, one {# track} other {# tracks}}', { count: release.tracks.length }),
          ].join(' · ')}
        </span>
      </header>
      <ReleaseFields release={release} readOnly={readOnly} />
      <ol aria-label={trans('Tracks')} className="flex flex-col">
        {release.tracks.map((track) => (
          <TrackRow key={track.id} release={release} track={track} locked={locked} />
        ))}
      </ol>
      {readOnly && release.status !== 'published' ? (
        <ReleaseState release={release} />
      ) : (
        <PublishBox release={release} />
      )}
    </section>
  );
}
