import {
  ADMIN_PERMISSIONS as A,
  RADIO_BITRATES,
  RADIO_LIMITS,
  RADIO_ROTATION_RULES,
  RADIO_STREAM_FORMATS,
  type RadioRotationRule,
  type RadioSourceKind,
  type RadioStationAdmin,
  type RadioStreamFormat,
  type SaveRadioStationRequest,
  storedSlugFrom,
} from '@zema/contracts';
import { operationPath } from '@zema/contracts/operation';
import { radio } from '@zema/contracts/radio/radio.operations';
import { CircleAlert, CircleCheck, ImageIcon, Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Switch } from 'react-aria-components';
import { useController, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { UnsavedChangesDialog } from '#src/components/admin/unsaved-changes-dialog';
import { PageError } from '#src/components/states';
import { ApiError } from '#src/lib/api-error';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useUnsavedChangesBlocker } from '#src/lib/unsaved-changes';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Form, FormTextField, fieldLabelClass, TextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { LoadingPage } from '#src/ui/loading-page';
import { NotFoundPage } from '#src/ui/not-found-page';
import { SaveBar } from '#src/ui/save-bar';
import { Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import { useAdminStation, useAdminStations } from '../api/admin-stations';
import { useCheckStationSource } from '../api/check-source';
import { useDeleteStation } from '../api/delete-station';
import { useRadioChannels } from '../api/list-channels';
import { useSaveStation } from '../api/save-station';
import { useSkipSong } from '../api/skip-song';
import { FORMAT_LABELS, OUTSIDE_SOURCES, RULE_LABELS, SOURCE_DESCRIPTIONS, SOURCE_LABELS } from './labels';
import { formErrorsOf, type StationFormValues, stationResolver, valuesOf } from './station-form';

type Values = StationFormValues;

/** /admin/radio/new and /admin/radio/:stationId: a station's page, stream, now-playing source and rotation. */
export default function AdminStationPage() {
  const param = useParams().stationId;
  const id = param === undefined || param === 'new' ? null : Number(param);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const station = useAdminStation(valid ? id : null);
  const list = useAdminStations();
  if (!valid) return <NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />;
  if (id !== null && station.isPending) return <LoadingPage />;
  if (id !== null && station.isError)
    return <PageError error={station.error} onRetry={() => void station.refetch()} />;
  return <StationForm key={id ?? 'new'} station={station.data ?? null} ffmpeg={list.data?.ffmpeg ?? null} />;
}

function StationForm({ station, ffmpeg }: { station: RadioStationAdmin | null; ffmpeg: boolean | null }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const save = useSaveStation();
  const del = useDeleteStation();
  const [deleting, setDeleting] = useState(false);
  const form = useForm<Values, unknown, SaveRadioStationRequest>({
    resolver: stationResolver,
    defaultValues: valuesOf(station),
  });
  const dirty = form.formState.isDirty;
  const blocker = useUnsavedChangesBlocker(dirty && !save.isPending && !form.formState.isSubmitSuccessful);
  const builtin = station?.builtin ?? false;
  const kind = form.watch('source.kind');
  const name = form.watch('name');

  // The slug follows the name until it is edited; an existing station keeps its address.
  const slugField = useController({ control: form.control, name: 'slug' });
  const [slugEdited, setSlugEdited] = useState(station !== null);
  useEffect(() => {
    if (!slugEdited) form.setValue('slug', storedSlugFrom(name, RADIO_LIMITS.slug), { shouldDirty: true });
  }, [name, slugEdited, form]);

  // A new station's page once the reset has rendered (the unsaved-changes guard has let go by then).
  const [createdId, setCreatedId] = useState<number | null>(null);
  useEffect(() => {
    if (createdId !== null && !dirty) navigate(paths.adminRadioStation({ id: createdId }), { replace: true });
  }, [createdId, dirty, navigate]);

  const submit = (body: SaveRadioStationRequest) => {
    const values = form.getValues();
    save.mutate(
      { id: station?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toast.positive(station ? trans('Station saved') : trans('Station created'));
          form.reset(valuesOf(saved));
          setSlugEdited(true);
          if (!station) setCreatedId(saved.id);
        },
        onError: (error) =>
          applyServerErrors(
            form,
            error instanceof ApiError && error.errors
              ? { errors: formErrorsOf(values, error.errors) }
              : error,
          ),
      },
    );
  };

  const slugError = slugField.fieldState.error?.message;
  const pagePath = paths.radio({ slug: slugField.field.value || '…' });
  return (
    <AdminPage
      title={station ? station.name : trans('New station')}
      breadcrumbs={[{ label: trans('Radio'), to: paths.adminRadio() }]}
      actions={
        station && (
          <>
            <a
              href={paths.radio(station)}
              className="rounded-sm text-sm text-primary underline-offset-2 hover:underline"
            >
              {trans('Open the station’s page')}
            </a>
            {!builtin && (
              <Button variant="danger" onPress={() => setDeleting(true)}>
                {trans('Delete station')}
              </Button>
            )}
          </>
        )
      }
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-6" aria-label={trans('Station')}>
        <div className="grid gap-6 xl:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-6">
            <AdminCard title={trans('Station')}>
              <div className="flex flex-col gap-4">
                <FormTextField<Values>
                  name="name"
                  label={trans('Name')}
                  maxLength={RADIO_LIMITS.name}
                  isRequired
                />
                <TextField
                  label={trans('Slug')}
                  isRequired
                  name={slugField.field.name}
                  value={slugField.field.value}
                  maxLength={RADIO_LIMITS.slug}
                  onChange={(value) => {
                    setSlugEdited(value !== '');
                    slugField.field.onChange(value);
                  }}
                  onBlur={slugField.field.onBlur}
                  inputRef={slugField.field.ref}
                  errorMessage={slugError && trans(slugError)}
                  description={
                    slugEdited
                      ? trans('Its page: {path}', { path: pagePath })
                      : trans('Its page: {path} (from the title until you edit it)', { path: pagePath })
                  }
                />
                <FormTextField<Values>
                  name="description"
                  label={trans('Description')}
                  multiline
                  rows={3}
                  maxLength={RADIO_LIMITS.description}
                />
                <CoverField />
                <PublicSwitch />
              </div>
            </AdminCard>
            <AdminCard title={trans('Stream')}>
              {builtin ? (
                <p className="text-sm text-muted">
                  {trans(
                    'The built-in station streams from this site, at {path}: there is no address to enter.',
                    { path: operationPath(radio.stream.path, { slug: station?.slug ?? '' }) },
                  )}
                </p>
              ) : (
                <StreamsField />
              )}
            </AdminCard>
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <AdminCard title={trans('Now playing')}>
              <div className="flex flex-col gap-4">
                <SourceKindField builtin={builtin} />
                {kind === 'azuracast' && (
                  <>
                    <FormTextField<Values>
                      name="source.base_url"
                      label={trans('AzuraCast address')}
                      type="url"
                      /* i18n-ignore */
                      placeholder="https://radio.example.com"
                      isRequired
                    />
                    <FormTextField<Values>
                      name="source.station"
                      label={trans('Station short name')}
                      description={trans('As in the AzuraCast address of its public page, like my_station.')}
                      isRequired
                    />
                  </>
                )}
                {kind === 'icecast' && (
                  <>
                    <FormTextField<Values>
                      name="source.base_url"
                      label={trans('Icecast server address')}
                      type="url"
                      /* i18n-ignore */
                      placeholder="https://icecast.example.com:8000"
                      description={trans('Its status-json.xsl is read every second.')}
                      isRequired
                    />
                    <MountsField />
                  </>
                )}
                {kind === 'icy' && (
                  <FormTextField<Values>
                    name="source.url"
                    label={trans('Stream to read the titles from')}
                    type="url"
                    description={trans('Leave empty for the station’s first stream.')}
                  />
                )}
                {station && kind !== 'none' && <TestSource stationId={station.id} isDirty={dirty} />}
                {station && kind === 'builtin' && <SkipSong stationId={station.id} />}
              </div>
            </AdminCard>
            {kind === 'builtin' && (
              <>
                <RotationCard ffmpeg={ffmpeg} />
                <ScheduleCard />
              </>
            )}
          </div>
        </div>
        <SaveBar
          isDirty={dirty}
          isSaving={save.isPending}
          saveLabel={station ? trans('Save station') : trans('Create station')}
          onDiscard={() => {
            form.reset();
            setSlugEdited(station !== null);
          }}
        />
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
      {station && !builtin && (
        <ConfirmDialog
          isOpen={deleting}
          onOpenChange={setDeleting}
          title={trans('Delete {name}?', { name: station.name })}
          confirmLabel={trans('Delete station')}
          danger
          isPending={del.isPending}
          onConfirm={() =>
            del.mutate(station.id, {
              onSuccess: () => {
                toast.positive(trans('Station deleted'));
                navigate(paths.adminRadio());
              },
            })
          }
        >
          {trans('Its page and the songs it played go with it. This cannot be undone.')}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

/** The cover's address (an upload's URL or an outside picture), with a look at it. */
function CoverField() {
  const { trans } = useTrans();
  const cover = useFormContext<Values>().watch('cover').trim();
  return (
    <div className="flex items-end gap-3">
      <span className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-theme border border-divider bg-hover">
        {cover ? (
          <img src={cover} alt="" className="size-full object-cover" />
        ) : (
          <ImageIcon aria-hidden className="size-6 text-muted" />
        )}
      </span>
      <FormTextField<Values>
        name="cover"
        label={trans('Cover')}
        /* i18n-ignore */
        placeholder="https://…"
        maxLength={RADIO_LIMITS.url}
        description={trans('A picture’s address, square is best.')}
        className="min-w-0 flex-1"
      />
    </div>
  );
}

/** Public or hidden: a hidden station is not listed and its page is the admins' only. */
function PublicSwitch() {
  const { trans } = useTrans();
  const { field } = useController<Values, 'public'>({ name: 'public' });
  return (
    <Switch
      isSelected={field.value}
      onChange={field.onChange}
      inputRef={field.ref}
      className="group flex cursor-pointer items-start gap-3 text-sm text-fg"
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex h-6 w-10 shrink-0 items-center rounded-full bg-muted/40 p-0.5 transition-colors group-data-selected:bg-primary"
      >
        <span className="size-5 rounded-full bg-white shadow transition-transform group-data-selected:translate-x-4" />
      </span>
      <span className="flex flex-col">
        <span className="font-medium">{trans('Public')}</span>
        <span className="text-xs text-muted">
          {trans('Listed on the radio page and open to every visitor.')}
        </span>
      </span>
    </Switch>
  );
}

/** The stream addresses in the order players try them, each with its format, and the HLS address. */
function StreamsField() {
  const { trans } = useTrans();
  const { control } = useFormContext<Values>();
  const streams = useFieldArray({ control, name: 'streams' });
  const formats = RADIO_STREAM_FORMATS.map((f) => ({ id: f, label: trans(FORMAT_LABELS[f]) }));
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className={fieldLabelClass}>{trans('Stream addresses')}</legend>
        <p className="text-xs text-muted">
          {trans('A listener’s browser plays the first one it can, in this order.')}
        </p>
        {streams.fields.length === 0 ? (
          <p className="text-sm text-muted">{trans('No stream yet: add the address listeners play.')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {streams.fields.map((field, index) => (
              <li key={field.id} className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
                <FormTextField<Values>
                  name={`streams.${index}.url`}
                  aria-label={trans('Stream {number} address', { number: index + 1 })}
                  type="url"
                  /* i18n-ignore */
                  placeholder="https://stream.example.com/live.mp3"
                  maxLength={RADIO_LIMITS.url}
                  className="min-w-0 flex-1 basis-full sm:basis-auto"
                />
                <FormatSelect index={index} items={formats} />
                <Button
                  variant="icon"
                  aria-label={trans('Remove stream {number}', { number: index + 1 })}
                  onPress={() => streams.remove(index)}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button
            variant="outline"
            size="sm"
            startIcon={<Plus aria-hidden />}
            isDisabled={streams.fields.length >= RADIO_LIMITS.streams}
            onPress={() => streams.append({ url: '', format: 'mp3' })}
          >
            {trans('Add a stream')}
          </Button>
        </div>
      </fieldset>
      <FormTextField<Values>
        name="hls_url"
        label={trans('HLS address')}
        type="url"
        /* i18n-ignore */
        placeholder="https://stream.example.com/live.m3u8"
        maxLength={RADIO_LIMITS.url}
        description={trans('Optional: played by the browsers that play HLS themselves.')}
      />
    </div>
  );
}

function FormatSelect({
  index,
  items,
}: {
  index: number;
  items: { id: RadioStreamFormat; label: string }[];
}) {
  const { trans } = useTrans();
  const { field } = useController<Values, `streams.${number}.format`>({ name: `streams.${index}.format` });
  return (
    <Select
      aria-label={trans('Stream {number} format', { number: index + 1 })}
      items={items}
      selectedKey={field.value}
      onSelectionChange={(k) => field.onChange(k as RadioStreamFormat)}
      className="w-28"
    />
  );
}

/** Where the song on air comes from; the built-in station's is itself and does not change. */
function SourceKindField({ builtin }: { builtin: boolean }) {
  const { trans } = useTrans();
  const { field, fieldState } = useController<Values, 'source.kind'>({ name: 'source.kind' });
  const kinds: RadioSourceKind[] = builtin ? ['builtin'] : [...OUTSIDE_SOURCES];
  const error = fieldState.error?.message;
  return (
    <Select
      label={trans('Source')}
      items={kinds.map((k) => ({ id: k, label: trans(SOURCE_LABELS[k]) }))}
      selectedKey={field.value}
      onSelectionChange={(k) => field.onChange(k as RadioSourceKind)}
      isDisabled={builtin}
      description={
        builtin
          ? trans('The built-in station plays the catalogue: its source cannot change.')
          : trans(SOURCE_DESCRIPTIONS[field.value])
      }
      errorMessage={error && trans(error)}
    />
  );
}

/** Icecast's mounts of this station; none listed means every mount of the server. */
function MountsField() {
  const { trans } = useTrans();
  const { watch, setValue, formState } = useFormContext<Values>();
  const mounts = watch('source.mounts');
  const set = (next: string[]) =>
    setValue('source.mounts', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={fieldLabelClass}>{trans('Mounts')}</legend>
      <p className="text-xs text-muted">{trans('Like /live.mp3. None: every mount of the server.')}</p>
      <ul className="flex flex-col gap-2">
        {mounts.map((_, index) => (
          // The rows are the list's places: a removed row's field takes the next one's value.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="flex items-start gap-2">
            <FormTextField<Values>
              name={`source.mounts.${index}`}
              aria-label={trans('Mount {number}', { number: index + 1 })}
              /* i18n-ignore */
              placeholder="/live.mp3"
              maxLength={200}
              className="min-w-0 flex-1"
            />
            <Button
              variant="icon"
              aria-label={trans('Remove mount {number}', { number: index + 1 })}
              onPress={() => set(mounts.filter((__, i) => i !== index))}
            >
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <div>
        <Button
          variant="outline"
          size="sm"
          startIcon={<Plus aria-hidden />}
          isDisabled={mounts.length >= RADIO_LIMITS.mounts}
          onPress={() => set([...mounts, ''])}
        >
          {trans('Add a mount')}
        </Button>
      </div>
    </fieldset>
  );
}

/** "Test source": reads the saved source once and says what it answered. */
function TestSource({ stationId, isDirty }: { stationId: number; isDirty: boolean }) {
  const { trans } = useTrans();
  const check = useCheckStationSource();
  const result = check.data;
  return (
    <div className="flex flex-col gap-2 border-t border-divider pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          isPending={check.isPending}
          onPress={() => check.mutate(stationId)}
        >
          {trans('Test source')}
        </Button>
        {isDirty && (
          <span className="text-xs text-muted">
            {trans('Tests the saved source: save your changes first.')}
          </span>
        )}
      </div>
      <div role="status" className="empty:hidden">
        {result &&
          (result.ok ? (
            <div className="flex items-start gap-2 rounded-theme border border-positive/40 bg-positive/10 p-3 text-sm text-fg">
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-positive" />
              <div className="min-w-0">
                <p className="font-medium">{trans('The source answered.')}</p>
                <p className="break-words">
                  {result.song
                    ? result.song.artist
                      ? trans('On air: {title} by {artist}', {
                          title: result.song.title,
                          artist: result.song.artist,
                        })
                      : trans('On air: {title}', { title: result.song.title })
                    : trans('It says nothing is on air.')}
                </p>
                {result.listeners !== null && (
                  <p className="text-muted">
                    {trans('{count, plural, one {# listener} other {# listeners}}', {
                      count: result.listeners,
                    })}
                  </p>
                )}
              </div>
            </div>
          ) : (
            <div className="flex items-start gap-2 rounded-theme border border-danger/40 bg-danger/10 p-3 text-sm text-fg">
              <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
              <div className="min-w-0">
                <p className="font-medium">{trans('The source did not answer.')}</p>
                {result.error && <p className="break-words">{result.error}</p>}
              </div>
            </div>
          ))}
      </div>
    </div>
  );
}

/** "Skip this song": the built-in station moves on to its next song for every listener. */
function SkipSong({ stationId }: { stationId: number }) {
  const { trans } = useTrans();
  const skip = useSkipSong();
  const song = skip.data?.now_playing.song;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="outline" size="sm" isPending={skip.isPending} onPress={() => skip.mutate(stationId)}>
        {trans('Skip this song')}
      </Button>
      <span role="status" className="text-sm text-muted empty:hidden">
        {song &&
          (song.artist
            ? trans('On air: {title} by {artist}', { title: song.title, artist: song.artist })
            : trans('On air: {title}', { title: song.title }))}
      </span>
    </div>
  );
}

/** The built-in station's rotation: a channel or a rule, and the bitrate it streams at. */
function RotationCard({ ffmpeg }: { ffmpeg: boolean | null }) {
  const { trans } = useTrans();
  const { hasPermission } = useAuth();
  const mayListChannels = hasPermission(A.channelsUpdate);
  const channels = useRadioChannels(mayListChannels);
  const channel = useController<Values, 'source.channel_id'>({ name: 'source.channel_id' });
  const rule = useController<Values, 'source.rule'>({ name: 'source.rule' });
  const bitrate = useController<Values, 'source.bitrate'>({ name: 'source.bitrate' });
  const channelError = channel.fieldState.error?.message;
  const bitrateError = bitrate.fieldState.error?.message;
  const NONE = 'none';
  const channelItems = [
    { id: NONE, label: trans('No channel: the rule below') },
    ...(channels.data ?? []).map((c) => ({ id: String(c.id), label: c.name })),
    // A channel the list does not show (past the first 100, or renamed away): kept as chosen.
    ...(channel.field.value !== null && !channels.data?.some((c) => c.id === channel.field.value)
      ? [{ id: String(channel.field.value), label: trans('Channel {id}', { id: channel.field.value }) }]
      : []),
  ];
  return (
    <AdminCard title={trans('Rotation')}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {trans(
            'What the built-in station plays, one song after another with no immediate repeats: a channel’s tracks, or the whole catalogue by a rule.',
          )}
        </p>
        {mayListChannels && !channels.isError ? (
          <Select
            label={trans('Channel')}
            items={channelItems}
            selectedKey={channel.field.value === null ? NONE : String(channel.field.value)}
            onSelectionChange={(k) => channel.field.onChange(k === NONE ? null : Number(k))}
            description={trans('The tracks it shows, or the tracks of the albums and artists it shows.')}
            errorMessage={channelError && trans(channelError)}
          />
        ) : (
          <TextField
            label={trans('Channel number')}
            inputMode="numeric"
            value={channel.field.value === null ? '' : String(channel.field.value)}
            onChange={(v) => {
              const digits = v.replace(/\D/g, '');
              channel.field.onChange(digits ? Number(digits) : null);
            }}
            inputRef={channel.field.ref}
            description={trans('Empty: the rule below. A channel’s number is in its admin address.')}
            errorMessage={channelError && trans(channelError)}
          />
        )}
        <Select
          label={trans('Rule')}
          items={RADIO_ROTATION_RULES.map((r) => ({ id: r, label: trans(RULE_LABELS[r]) }))}
          selectedKey={rule.field.value}
          onSelectionChange={(k) => rule.field.onChange(k as RadioRotationRule)}
          description={trans('Plays without a channel, or when the channel has nothing to play.')}
        />
        <Select
          label={trans('Bitrate')}
          items={RADIO_BITRATES.map((b) => ({ id: String(b), label: trans('{kbps} kbps', { kbps: b }) }))}
          selectedKey={String(bitrate.field.value)}
          onSelectionChange={(k) => bitrate.field.onChange(Number(k))}
          description={
            ffmpeg === false
              ? trans(
                  'ffmpeg is not installed: each track streams at its own bitrate, with a clean switch between tracks. Install ffmpeg to re-encode them all to this one.',
                )
              : trans('Every track is re-encoded to this bitrate by ffmpeg.')
          }
          errorMessage={bitrateError && trans(bitrateError)}
        />
      </div>
    </AdminCard>
  );
}

/** A playlist for a day: it plays that day instead of the rotation. */
function ScheduleCard() {
  const { trans } = useTrans();
  const { control, formState } = useFormContext<Values>();
  const days = useFieldArray({ control, name: 'source.schedule' });
  const listError =
    formState.errors.source?.schedule?.root?.message ?? formState.errors.source?.schedule?.message;
  return (
    <AdminCard title={trans('Schedule')}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted">
          {trans('A public playlist plays all day on its date (the server’s time zone), in its order.')}
        </p>
        {days.fields.length === 0 ? (
          <p className="text-sm text-muted">{trans('No day planned: the rotation plays every day.')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {days.fields.map((field, index) => (
              <li key={field.id} className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
                <FormTextField<Values>
                  name={`source.schedule.${index}.date`}
                  label={trans('Date')}
                  type="date"
                  isRequired
                  className="min-w-0 flex-1"
                />
                <FormTextField<Values>
                  name={`source.schedule.${index}.playlist_id`}
                  label={trans('Playlist number')}
                  inputMode="numeric"
                  isRequired
                  className="min-w-0 flex-1"
                />
                <Button
                  variant="icon"
                  aria-label={trans('Remove day {number}', { number: index + 1 })}
                  onPress={() => days.remove(index)}
                  className="sm:mt-7"
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {listError && <p className="text-xs font-medium text-danger">{trans(listError)}</p>}
        <div>
          <Button
            variant="outline"
            size="sm"
            startIcon={<Plus aria-hidden />}
            isDisabled={days.fields.length >= RADIO_LIMITS.scheduleDays}
            onPress={() => days.append({ date: '', playlist_id: '' })}
          >
            {trans('Add a day')}
          </Button>
        </div>
        <p className="text-xs text-muted">
          {trans('A playlist’s number is in its address: /playlist/12/… is 12.')}
        </p>
      </div>
    </AdminCard>
  );
}
