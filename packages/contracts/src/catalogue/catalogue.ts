import { z } from 'zod';
import { paginationSchema } from '../common';

/**
 * The music catalogue (SPEC §3): the shapes the server answers and the web app reads. Field names
 * are snake_case like the rest of the API (SPEC §3 Artist: id, name, verified, image_small, albums).
 * A name's URL slug is never stored: `slugify(name)` (slugs.ts) builds it for links and the id is
 * what counts. A channel's slug is its stored address, under the stored slug rule of slugs.ts.
 */

export const ALBUM_TYPES = ['album', 'single', 'ep', 'compilation'] as const;
export const CHANNEL_CONTENT_TYPES = ['track', 'album', 'artist', 'genre', 'channel'] as const;
export const CHANNEL_RULES = [
  'manual',
  'popular_week',
  'popular_all_time',
  'newest',
  'alphabetical',
] as const;
export const CHANNEL_LAYOUTS = ['grid', 'carousel', 'track_table'] as const;
export const LIKEABLE_TYPES = ['track', 'album', 'artist'] as const;
export const FOLLOWABLE_TYPES = ['artist', 'user'] as const;
export type LikeableType = (typeof LIKEABLE_TYPES)[number];
export type FollowableType = (typeof FOLLOWABLE_TYPES)[number];

/** Home page channel (always at /discover). */
export const HOME_CHANNEL_SLUG = 'discover';

/**
 * The channel the player shows at `/`: the one the admin chose as the homepage
 * (settings.homepage type `channel`), else the home channel. A chosen channel deleted or renamed
 * since is a 404 that both the app and the served page answer with the home channel instead.
 */
export function homeChannelSlug(homepage: { type: string; value: string | null }): string {
  return homepage.type === 'channel' && homepage.value ? homepage.value : HOME_CHANNEL_SLUG;
}

/**
 * A play counts after this many seconds, or after the whole track if it is shorter
 * (docs/guide/listening.md).
 */
export const PLAY_COUNT_AFTER_SECONDS = 30;
/** Trending = most plays over this many days. */
export const TRENDING_DAYS = 7;

export const genreSchema = z.object({
  id: z.number().int(),
  /** Lower-case key used in URLs (/genre/{name}). */
  name: z.string(),
  display_name: z.string(),
  image: z.string().nullable(),
});
export type Genre = z.infer<typeof genreSchema>;

/** An artist as it appears inside other items (credits). */
export const artistRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  verified: z.boolean(),
  image_small: z.string().nullable(),
});
export type ArtistRef = z.infer<typeof artistRefSchema>;

export const albumRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  release_date: z.string().nullable(),
  type: z.enum(ALBUM_TYPES),
});
export type AlbumRef = z.infer<typeof albumRefSchema>;

/**
 * A track's audio while a new file is read (the admin's set-audio answers at once; the analysis
 * runs as a job): `processing` until it is done, `failed` when the file was not audio (the track
 * kept its previous audio; `audio_error` says why), else `ready`.
 */
export const TRACK_AUDIO_STATUSES = ['ready', 'processing', 'failed'] as const;
export type TrackAudioStatus = (typeof TRACK_AUDIO_STATUSES)[number];

export const trackSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.number().int().nullable(),
  duration_ms: z.number().int(),
  explicit: z.boolean(),
  /** Own artwork, or the album's cover. */
  image: z.string().nullable(),
  plays: z.number().int(),
  /** Null when the track has no audio file: it is listed but skipped by the player. */
  stream_url: z.string().nullable(),
  format: z.string().nullable(),
  bitrate: z.number().int().nullable(),
  /**
   * dB the player applies with "normalise volume" on, from the loudness measured at upload
   * (negative = turn down); absent when the track was never measured.
   */
  gain_db: z.number().optional(),
  /**
   * Where the track is downloaded from, when it has audio and its artists allow downloads (the
   * caller still needs `music.download`); null otherwise.
   */
  download_url: z.string().nullable().optional(),
  artists: z.array(artistRefSchema),
  album: albumRefSchema.nullable(),
  genres: z.array(genreSchema).optional(),
  /** Set for a signed-in caller. */
  liked: z.boolean().optional(),
  /**
   * On a single track's answer (GET tracks/{id} and the admin's writes) to a caller who may edit
   * tracks (`tracks.update`); absent for everyone else: whether a new audio file is being
   * analysed. Meanwhile the track keeps its previous audio (`stream_url`, duration, format);
   * absent means `ready` (or not shown).
   */
  audio_status: z.enum(TRACK_AUDIO_STATUSES).optional(),
  /** Why the last new audio file was refused (`audio_status` `failed`); null otherwise. Editors only, as above. */
  audio_error: z.string().nullable().optional(),
});
export type Track = z.infer<typeof trackSchema>;

export const albumSchema = albumRefSchema.extend({
  description: z.string().nullable(),
  plays: z.number().int(),
  artists: z.array(artistRefSchema),
  tracks_count: z.number().int(),
  duration_ms: z.number().int(),
  /** The album's zip, when its artists allow downloads and a track can be downloaded; else null. */
  download_url: z.string().nullable().optional(),
  /** Present on the album page: every track in order. */
  tracks: z.array(trackSchema).optional(),
  genres: z.array(genreSchema).optional(),
  liked: z.boolean().optional(),
});
export type Album = z.infer<typeof albumSchema>;

/** SPEC §3 Artist: id, name, verified, image_small, albums (the first album image is the fallback). */
export const artistSchema = artistRefSchema.extend({
  image_large: z.string().nullable(),
  bio: z.string().nullable(),
  links: z.array(z.object({ url: z.string(), label: z.string() })),
  plays: z.number().int(),
  genres: z.array(genreSchema),
  albums: z.array(albumRefSchema),
  /** Whether listeners with `music.download` may download the artist's tracks and albums. */
  allow_downloads: z.boolean().optional(),
  followers_count: z.number().int().optional(),
  liked: z.boolean().optional(),
  followed: z.boolean().optional(),
});
export type Artist = z.infer<typeof artistSchema>;

/** GET api/v1/landing/artists: trending artists (most plays over the last 7 days). */
export const landingArtistsResponseSchema = z.object({
  artists: z.array(
    artistRefSchema.extend({
      albums: z.array(albumRefSchema),
    }),
  ),
});
export type LandingArtistsResponse = z.infer<typeof landingArtistsResponseSchema>;

/** GET api/v1/artists/{id}: everything the artist page shows above the fold. */
export const artistPageResponseSchema = z.object({
  artist: artistSchema,
  popular_tracks: z.array(trackSchema),
  albums: z.array(albumSchema),
  similar: z.array(artistRefSchema),
});
export type ArtistPageResponse = z.infer<typeof artistPageResponseSchema>;

export const artistResponseSchema = z.object({ artist: artistSchema });
export const albumResponseSchema = z.object({ album: albumSchema });
export const trackResponseSchema = z.object({ track: trackSchema });
export const genreResponseSchema = z.object({ genre: genreSchema });

export const trackPageSchema = paginationSchema(trackSchema);
export const albumPageSchema = paginationSchema(albumSchema);
export const artistRefPageSchema = paginationSchema(artistRefSchema);
export const genrePageSchema = paginationSchema(genreSchema);

export type ChannelContentType = (typeof CHANNEL_CONTENT_TYPES)[number];

export const channelConfigSchema = z.object({
  contentType: z.enum(CHANNEL_CONTENT_TYPES),
  rule: z.enum(CHANNEL_RULES),
  layout: z.enum(CHANNEL_LAYOUTS),
  limit: z.number().int().min(1).max(100),
});
export type ChannelConfig = z.infer<typeof channelConfigSchema>;

/** A channel nested in another (e.g. the home page's rows), with its first items. */
export type NestedChannel = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  config: ChannelConfig;
  content: ChannelContent;
};

export type ChannelContent =
  | { type: 'track'; items: Track[] }
  | { type: 'album'; items: Album[] }
  | { type: 'artist'; items: ArtistRef[] }
  | { type: 'genre'; items: Genre[] }
  | { type: 'channel'; items: NestedChannel[] };

const nestedChannelBase = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  config: channelConfigSchema,
});

const leafContentVariants = [
  z.object({ type: z.literal('track'), items: z.array(trackSchema) }),
  z.object({ type: z.literal('album'), items: z.array(albumSchema) }),
  z.object({ type: z.literal('artist'), items: z.array(artistRefSchema) }),
  z.object({ type: z.literal('genre'), items: z.array(genreSchema) }),
] as const;

// Nesting stops one level down (a grandchild channel is listed without items), so the schema is
// spelled out level by level instead of recursive: JSON Schema/OpenAPI output stays resolvable.
const grandchildContentSchema = z.object({ type: z.enum(CHANNEL_CONTENT_TYPES), items: z.array(z.never()) });
const childContentSchema = z.discriminatedUnion('type', [
  ...leafContentVariants,
  z.object({
    type: z.literal('channel'),
    items: z.array(nestedChannelBase.extend({ content: grandchildContentSchema })),
  }),
]);

export const channelContentSchema = z.discriminatedUnion('type', [
  ...leafContentVariants,
  z.object({
    type: z.literal('channel'),
    items: z.array(nestedChannelBase.extend({ content: childContentSchema })),
  }),
]) as unknown as z.ZodType<ChannelContent>;

/** Where the channel's own list stands: a page holds `config.limit` items; `?page=` walks on. */
export const channelPaginationSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
  next_page: z.number().int().nullable(),
});
export type ChannelPagination = z.infer<typeof channelPaginationSchema>;

/** GET api/v1/channels/{idOrSlug}: the channel and its content (nested channels one level deep). */
export const channelResponseSchema = z.object({
  channel: nestedChannelBase.extend({ content: channelContentSchema }),
  pagination: channelPaginationSchema.optional(),
});
export type ChannelResponse = z.infer<typeof channelResponseSchema>;

/** POST api/v1/tracks/{id}/plays: report a listen once it reached the counting threshold. */
export const recordPlayRequestSchema = z.object({
  /** Client-made id of this one listen (a UUID): retrying never counts it twice. */
  listen_id: z.string().min(8).max(64),
  seconds: z
    .number()
    .min(0)
    .max(24 * 3600),
});
export const recordPlayResponseSchema = z.object({ counted: z.boolean() });
