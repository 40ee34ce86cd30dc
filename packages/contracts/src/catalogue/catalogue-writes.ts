import { z } from 'zod';
import { idSchema, int32Schema } from '../primitives';
import { slugSchema } from '../slugs';
import { ALBUM_TYPES, channelConfigSchema } from './catalogue';

/**
 * The catalogue's writes (the admin area's and the backstage's forms). A module apart from the
 * listener's reads in catalogue.ts, which every page has: a bundler puts a module in one chunk
 * whole, and these would be built on every page.
 */

const nullableText = (max: number) => z.string().trim().max(max).nullable().optional();

export const upsertGenreRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  display_name: z.string().trim().min(1).max(100).optional(),
  image: nullableText(2000),
});

export const upsertArtistRequestSchema = z.object({
  name: z.string().trim().min(1).max(255),
  verified: z.boolean().optional(),
  image_small: nullableText(2000),
  image_large: nullableText(2000),
  bio: nullableText(10_000),
  links: z
    .array(z.object({ url: z.string().url().max(2000), label: z.string().max(100) }))
    .max(20)
    .optional(),
  genres: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
  /** Lets listeners with `music.download` download the artist's tracks and albums. */
  allow_downloads: z.boolean().optional(),
});
export type UpsertArtistRequest = z.infer<typeof upsertArtistRequestSchema>;

export const upsertAlbumRequestSchema = z.object({
  name: z.string().trim().min(1).max(255),
  image: nullableText(2000),
  release_date: z.string().date().nullable().optional(),
  type: z.enum(ALBUM_TYPES).optional(),
  description: nullableText(10_000),
  artist_ids: z.array(idSchema).min(1).max(20),
  /** The album's tracks in their new order: each gets its number, 1 to n (the admin's reorder). */
  track_ids: z.array(idSchema).max(500).optional(),
});
export type UpsertAlbumRequest = z.infer<typeof upsertAlbumRequestSchema>;

export const upsertTrackRequestSchema = z.object({
  name: z.string().trim().min(1).max(255),
  album_id: idSchema.nullable().optional(),
  number: z.number().int().min(1).max(10_000).nullable().optional(),
  duration_ms: int32Schema(0).optional(),
  explicit: z.boolean().optional(),
  image: nullableText(2000),
  artist_ids: z.array(idSchema).min(1).max(20),
  genres: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
});
export type UpsertTrackRequest = z.infer<typeof upsertTrackRequestSchema>;

/**
 * POST tracks/:id/audio as JSON: the track takes the audio of a file entry the caller uploaded
 * (the upload queue: tus, plain or direct to storage). The multipart `file` body still works.
 */
export const trackAudioFromEntryRequestSchema = z.object({ file_entry_id: idSchema });
export type TrackAudioFromEntryRequest = z.infer<typeof trackAudioFromEntryRequestSchema>;

export const upsertChannelRequestSchema = z.object({
  name: z.string().trim().min(1).max(255),
  slug: slugSchema,
  description: nullableText(2000),
  config: channelConfigSchema,
  /** The chosen list for a `manual` channel, in order. */
  items: z.array(idSchema).max(500).optional(),
});
export type UpsertChannelRequest = z.infer<typeof upsertChannelRequestSchema>;
