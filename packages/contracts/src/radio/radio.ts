import { z } from 'zod';
import { trackSchema } from '../catalogue/catalogue';
import { msg } from '../i18n/messages';
import { idSchema } from '../primitives';
import { SLUG_MESSAGE, SLUG_PATTERN } from '../slugs';

/**
 * Live internet radio (SPEC §1, §2 `radio/{station slug}`, §3 Radio track, §4, §7; PROTOCOLS.md
 * "Internet radio now-playing"): stations an admin adds, each with its stream and where its
 * now-playing comes from, and the built-in station that plays the catalogue.
 */
export const RADIO_LIMITS = {
  name: 100,
  slug: 80,
  description: 2000,
  url: 2048,
  /** Stream addresses of one station (formats or qualities), besides its HLS address. */
  streams: 5,
  /** Icecast mounts named for one station. */
  mounts: 10,
  /** Songs the station page shows as "recently played". */
  history: 10,
  /** Days of the built-in station's schedule (a playlist per day). */
  scheduleDays: 60,
  /** Stations in one install. */
  stations: 200,
} as const;

/** The built-in station's slug: seeded on first start, its page at `/radio/zema`. */
export const BUILTIN_STATION_SLUG = 'zema';

/** SPEC §2: the station page's status text. */
export const RADIO_TEXTS = {
  playing: msg('Playing Now'),
  paused: msg('Press Play to Listen'),
} as const;

export const RADIO_STREAM_FORMATS = ['mp3', 'aac', 'ogg'] as const;
export type RadioStreamFormat = (typeof RADIO_STREAM_FORMATS)[number];

/**
 * Where a station's now-playing comes from: the built-in station itself, an AzuraCast station
 * (real-time SSE, its static JSON as fallback), an Icecast server's `status-json.xsl`, the ICY
 * metadata inside the stream, or nowhere (the page shows the station only).
 */
export const RADIO_SOURCES = ['builtin', 'azuracast', 'icecast', 'icy', 'none'] as const;
export type RadioSourceKind = (typeof RADIO_SOURCES)[number];

/** What the built-in station plays: a channel's tracks, or a rule over the whole catalogue. */
export const RADIO_ROTATION_RULES = ['popular', 'newest', 'random'] as const;
export type RadioRotationRule = (typeof RADIO_ROTATION_RULES)[number];

/** Bitrates (kbps) the built-in station may re-encode to when ffmpeg is installed. */
export const RADIO_BITRATES = [32, 48, 64, 96, 128, 160, 192] as const;
export const RADIO_DEFAULT_BITRATE = 32;

const urlMessage = msg('Enter an http:// or https:// address.');
export const radioUrlSchema = z
  .string()
  .trim()
  .max(RADIO_LIMITS.url)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, urlMessage);

export const radioStreamSchema = z.object({
  url: radioUrlSchema,
  format: z.enum(RADIO_STREAM_FORMATS),
});
export type RadioStream = z.infer<typeof radioStreamSchema>;

/**
 * A song as the station plays it (SPEC §3 Radio track: title, artist), normalised from any source:
 * `started_at` (ISO) and `duration` (seconds) when the source knows them, `listeners` when it
 * counts them, and `track` when artist and title match a track of the catalogue ("Find this song
 * in Zema").
 */
export const radioSongSchema = z.object({
  title: z.string(),
  artist: z.string().nullable(),
  album: z.string().nullable(),
  art: z.string().nullable(),
  started_at: z.string().nullable(),
  duration: z.number().nullable(),
  track: trackSchema.nullable(),
});
export type RadioSong = z.infer<typeof radioSongSchema>;

/** A station's live state: the song now, who listens (when known), and the songs before it. */
export const radioNowPlayingSchema = z.object({
  song: radioSongSchema.nullable(),
  listeners: z.number().int().nullable(),
  history: z.array(radioSongSchema),
});
export type RadioNowPlaying = z.infer<typeof radioNowPlayingSchema>;

/** A station as a listener sees it. */
export const radioStationSchema = z.object({
  id: idSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  cover: z.string().nullable(),
  /**
   * What the player plays, in order of preference; the built-in station's is this site's own
   * address (`/api/v1/radio/stations/zema/stream`), relative.
   */
  streams: z.array(z.object({ url: z.string(), format: z.enum(RADIO_STREAM_FORMATS) })),
  hls_url: z.string().nullable(),
  /** The station Zema itself plays from the catalogue. */
  builtin: z.boolean(),
  /** Whether the page gets live now-playing events (false: the source is 'none'). */
  has_now_playing: z.boolean(),
});
export type RadioStation = z.infer<typeof radioStationSchema>;

export const radioStationListResponseSchema = z.object({ stations: z.array(radioStationSchema) });
export const radioStationResponseSchema = z.object({
  station: radioStationSchema,
  now_playing: radioNowPlayingSchema,
});
export type RadioStationResponse = z.infer<typeof radioStationResponseSchema>;

/** The live events of a station's page (`GET radio/stations/{slug}/events`, server-sent events). */
export const RADIO_EVENT_NOW_PLAYING = 'now-playing';

export const radioStationParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(RADIO_LIMITS.slug)
    .regex(/^[A-Za-z0-9-]+$/, msg('Use the station’s address, like zema.')),
});

// ——— Admin ———

export const radioSourceConfigSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('builtin'),
    /** A channel whose tracks rotate; null = the rule over the whole catalogue. */
    channel_id: idSchema.nullable(),
    rule: z.enum(RADIO_ROTATION_RULES),
    bitrate: z
      .number()
      .int()
      .refine((n) => (RADIO_BITRATES as readonly number[]).includes(n), msg('Choose one of the bitrates.')),
    /** A playlist for a day (`YYYY-MM-DD`, the server's time zone): it plays instead of the rotation. */
    schedule: z
      .array(
        z.object({
          date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg('Use a date like 2026-12-31.')),
          playlist_id: idSchema,
        }),
      )
      .max(RADIO_LIMITS.scheduleDays),
  }),
  z.object({
    kind: z.literal('azuracast'),
    /** The AzuraCast install, like https://radio.example.com. */
    base_url: radioUrlSchema,
    /** The station's short name on it. */
    station: z
      .string()
      .trim()
      .min(1, msg('Enter the station’s short name.'))
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, msg('Use letters, digits, dashes and underscores.')),
  }),
  z.object({
    kind: z.literal('icecast'),
    /** The Icecast server, like https://icecast.example.com:8000 (its status-json.xsl is read). */
    base_url: radioUrlSchema,
    /** The mounts of this station (`/live.mp3`); none = every mount of the server. */
    mounts: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(200)
          .regex(/^\/[^\s]*$/, msg('A mount starts with /, like /live.mp3.')),
      )
      .max(RADIO_LIMITS.mounts),
  }),
  z.object({
    kind: z.literal('icy'),
    /** The stream read for its ICY titles; null = the station's first stream. */
    url: radioUrlSchema.nullable(),
  }),
]);
export type RadioSourceConfig = z.infer<typeof radioSourceConfigSchema>;

export const radioStationAdminSchema = radioStationSchema.extend({
  source: radioSourceConfigSchema,
  public: z.boolean(),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RadioStationAdmin = z.infer<typeof radioStationAdminSchema>;

export const saveRadioStationRequestSchema = z.object({
  name: z.string().trim().min(1, msg('Enter the station’s name.')).max(RADIO_LIMITS.name),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, msg('Enter the station’s address.'))
    .max(RADIO_LIMITS.slug)
    .regex(SLUG_PATTERN, SLUG_MESSAGE),
  description: z.string().trim().max(RADIO_LIMITS.description).default(''),
  /** A picture's address (an upload made through the admin's image upload, or an outside URL). */
  cover: z.string().trim().max(RADIO_LIMITS.url).nullable().default(null),
  streams: z.array(radioStreamSchema).max(RADIO_LIMITS.streams).default([]),
  hls_url: radioUrlSchema.nullable().default(null),
  source: radioSourceConfigSchema,
  public: z.boolean().default(true),
});
export type SaveRadioStationRequest = z.input<typeof saveRadioStationRequestSchema>;

export const radioStationAdminListResponseSchema = z.object({
  stations: z.array(radioStationAdminSchema),
  /** Whether ffmpeg is installed: the built-in station re-encodes to one bitrate only then. */
  ffmpeg: z.boolean(),
});

export const reorderRadioStationsRequestSchema = z.object({
  ids: z.array(idSchema).min(1).max(RADIO_LIMITS.stations),
});

/** What a check of a station's now-playing source found (the admin's "Test source"). */
export const radioSourceCheckResponseSchema = z.object({
  ok: z.boolean(),
  song: radioSongSchema.nullable(),
  listeners: z.number().int().nullable(),
  error: z.string().nullable(),
});
