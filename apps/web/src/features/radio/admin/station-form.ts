import {
  msg,
  RADIO_DEFAULT_BITRATE,
  type RadioRotationRule,
  type RadioSourceConfig,
  type RadioSourceKind,
  type RadioStationAdmin,
  type RadioStream,
  type SaveRadioStationRequest,
  saveRadioStationRequestSchema,
} from '@zema/contracts';
import { type FieldErrors, type Resolver, set } from 'react-hook-form';

/**
 * The station editor's values: the request's fields, with every source kind's settings kept side
 * by side (switching the kind back finds them) and numbers typed as text where the admin types
 * them. `toRequest` makes the request of them; the contract's schema checks it.
 */
export interface StationFormValues {
  name: string;
  slug: string;
  description: string;
  cover: string;
  streams: RadioStream[];
  hls_url: string;
  public: boolean;
  source: {
    kind: RadioSourceKind;
    /** The built-in station's rotation: a channel (null: the rule over the whole catalogue). */
    channel_id: number | null;
    rule: RadioRotationRule;
    bitrate: number;
    schedule: { date: string; playlist_id: string }[];
    /** AzuraCast's or Icecast's address. */
    base_url: string;
    /** AzuraCast's station short name. */
    station: string;
    /** Icecast's mounts (none: every mount of the server). */
    mounts: string[];
    /** The stream ICY titles are read from ('': the station's first stream). */
    url: string;
  };
}

export const PLAYLIST_ID_MESSAGE = msg('Enter the playlist’s number.');

export function valuesOf(station: RadioStationAdmin | null): StationFormValues {
  const source = station?.source ?? ({ kind: 'none' } as RadioSourceConfig);
  return {
    name: station?.name ?? '',
    slug: station?.slug ?? '',
    description: station?.description ?? '',
    cover: station?.cover ?? '',
    streams: station?.streams.map((s) => ({ ...s })) ?? [],
    hls_url: station?.hls_url ?? '',
    public: station?.public ?? true,
    source: {
      kind: source.kind,
      channel_id: source.kind === 'builtin' ? source.channel_id : null,
      rule: source.kind === 'builtin' ? source.rule : 'random',
      bitrate: source.kind === 'builtin' ? source.bitrate : RADIO_DEFAULT_BITRATE,
      schedule:
        source.kind === 'builtin'
          ? source.schedule.map((d) => ({ date: d.date, playlist_id: String(d.playlist_id) }))
          : [],
      base_url: source.kind === 'azuracast' || source.kind === 'icecast' ? source.base_url : '',
      station: source.kind === 'azuracast' ? source.station : '',
      mounts: source.kind === 'icecast' ? [...source.mounts] : [],
      url: source.kind === 'icy' ? (source.url ?? '') : '',
    },
  };
}

/**
 * The request of the form's values, and where each of its paths is in the form (an Icecast mount
 * left empty is dropped, so the mounts after it move up in the request).
 */
export function toRequest(values: StationFormValues): {
  body: SaveRadioStationRequest;
  formPath: (requestPath: string) => string;
} {
  const src = values.source;
  const keptMounts = src.mounts.map((m, i) => [m.trim(), i] as const).filter(([m]) => m !== '');
  const source: RadioSourceConfig =
    src.kind === 'builtin'
      ? {
          kind: 'builtin',
          channel_id: src.channel_id,
          rule: src.rule,
          bitrate: src.bitrate,
          schedule: src.schedule.map((d) => ({
            date: d.date.trim(),
            playlist_id: /^\d+$/.test(d.playlist_id.trim()) ? Number(d.playlist_id) : 0,
          })),
        }
      : src.kind === 'azuracast'
        ? { kind: 'azuracast', base_url: src.base_url, station: src.station }
        : src.kind === 'icecast'
          ? { kind: 'icecast', base_url: src.base_url, mounts: keptMounts.map(([m]) => m) }
          : src.kind === 'icy'
            ? { kind: 'icy', url: src.url.trim() || null }
            : { kind: 'none' };
  const body: SaveRadioStationRequest = {
    name: values.name,
    slug: values.slug,
    description: values.description,
    cover: values.cover.trim() || null,
    streams: values.streams.map((s) => ({ url: s.url.trim(), format: s.format })),
    hls_url: values.hls_url.trim() || null,
    public: values.public,
    source,
  };
  const formPath = (path: string) => {
    const m = /^source\.mounts\.(\d+)$/.exec(path);
    if (m && src.kind === 'icecast') return `source.mounts.${keptMounts[Number(m[1])]?.[1] ?? m[1]}`;
    return path;
  };
  return { body, formPath };
}

/**
 * Checks the form with the contract's request schema (the server's own check), each message on
 * its field; resolves to the request itself.
 */
export const stationResolver: Resolver<StationFormValues, unknown, SaveRadioStationRequest> = async (
  values,
) => {
  const { body, formPath } = toRequest(values);
  const parsed = saveRadioStationRequestSchema.safeParse(body);
  const errors: FieldErrors<StationFormValues> = {};
  const put = (path: string, message: string, type: string) => {
    if (!hasError(errors, path)) set(errors, path, { type, message });
  };
  if (values.source.kind === 'builtin')
    values.source.schedule.forEach((d, i) => {
      if (!/^\d+$/.test(d.playlist_id.trim()) || Number(d.playlist_id) < 1)
        put(`source.schedule.${i}.playlist_id`, PLAYLIST_ID_MESSAGE, 'pattern');
    });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) put(formPath(issue.path.join('.')), issue.message, issue.code);
  }
  if (Object.keys(errors).length > 0) return { values: {}, errors };
  return { values: parsed.success ? parsed.data : body, errors: {} };
};

function hasError(errors: object, path: string): boolean {
  let at: unknown = errors;
  for (const key of path.split('.')) {
    if (!at || typeof at !== 'object') return false;
    at = (at as Record<string, unknown>)[key];
  }
  return at !== undefined;
}

/** The server's field errors (422) on the form's own paths. */
export function formErrorsOf(values: StationFormValues, errors: Record<string, string[]>) {
  const { formPath } = toRequest(values);
  return Object.fromEntries(Object.entries(errors).map(([path, messages]) => [formPath(path), messages]));
}
