import { z } from 'zod';
import { paginationSchema } from '../common';
import { msg } from '../i18n/messages';
import { TRACK_DRAFT_STATUSES } from './track-draft-statuses';

/**
 * Releases in the backstage: what an artist's uploads become before they
 * are published. A dropped folder is one release (an album, its tracks in tag order), a loose file
 * a single. Each track is analysed after its upload answers (tags, duration, waveform, loudness,
 * duplicates); the uploader edits the draft, then publishes it now or on a date.
 */

export const RELEASE_TYPES = ['album', 'single', 'ep', 'compilation'] as const;
export const RELEASE_STATUSES = ['draft', 'scheduled', 'published'] as const;
// In a module of its own: the notifications' schemas (on every page) name them too.
export { TRACK_DRAFT_STATUSES };

export const RELEASE_MESSAGES = {
  notYourArtist: msg('You do not manage this artist.'),
  noTracks: msg('Add at least one track before publishing.'),
  stillProcessing: msg('Wait until every track has been analysed.'),
  failedTracks: msg('Remove the tracks that could not be read before publishing.'),
  published: msg('This release is already published.'),
  notAudio: msg('This file is not an audio file.'),
  entryNotYours: msg('This upload is not yours.'),
  entryUsed: msg('This upload is already part of a release.'),
  singleHasOneTrack: msg('A single has one track. Choose another type to add more.'),
  publishAtPast: msg('Choose a date in the future, or publish now.'),
  imageNotOurs: msg('Upload the cover here.'),
} as const;

export const trackDraftSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  disc_number: z.number().int(),
  name: z.string(),
  artists: z.array(z.string()),
  explicit: z.boolean(),
  status: z.enum(TRACK_DRAFT_STATUSES),
  /** 0–100 while processing. */
  progress: z.number().int(),
  error: z.string().nullable(),
  file_entry_id: z.number().int().nullable(),
  /** The uploaded file's name (and path inside the dropped folder). */
  file_name: z.string().nullable(),
  relative_path: z.string().nullable(),
  format: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  bitrate: z.number().int().nullable(),
  loudness_lufs: z.number().nullable(),
  true_peak_db: z.number().nullable(),
  waveform: z.array(z.number()).nullable(),
  /** A published track with the same bytes. */
  duplicate_of: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  track_id: z.number().int().nullable(),
});
export type TrackDraft = z.infer<typeof trackDraftSchema>;

export const releaseDraftSchema = z.object({
  id: z.number().int(),
  artist: z.object({ id: z.number().int(), name: z.string() }),
  type: z.enum(RELEASE_TYPES),
  name: z.string(),
  release_date: z.string().nullable(),
  image: z.string().nullable(),
  genres: z.array(z.string()),
  description: z.string().nullable(),
  status: z.enum(RELEASE_STATUSES),
  publish_at: z.string().nullable(),
  album_id: z.number().int().nullable(),
  tracks: z.array(trackDraftSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReleaseDraft = z.infer<typeof releaseDraftSchema>;

export const releaseResponseSchema = z.object({ release: releaseDraftSchema });
export const releaseListSchema = paginationSchema(
  releaseDraftSchema.omit({ tracks: true }).extend({
    tracks_count: z.number().int(),
  }),
);
export type ReleaseListItem = z.infer<typeof releaseListSchema>['data'][number];

export const releaseListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(20),
  status: z.enum(RELEASE_STATUSES).optional(),
});

const name = z.string().trim().min(1, msg('Enter a name.')).max(255);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, msg('Use the format YYYY-MM-DD.'));

export const createReleaseRequestSchema = z.object({
  artist_id: z.number().int().positive(),
  type: z.enum(RELEASE_TYPES).default('single'),
  /** Left out: taken from the first track's tags (album name, else title), else 'Untitled'. */
  name: name.optional(),
});

export const updateReleaseRequestSchema = z.object({
  name: name.optional(),
  type: z.enum(RELEASE_TYPES).optional(),
  release_date: isoDate.nullable().optional(),
  genres: z.array(z.string().trim().min(1).max(50)).max(10).optional(),
  description: z.string().trim().max(5000).nullable().optional(),
  /** A storage URL from the catalogue image upload, or null to drop the cover. */
  image: z.string().max(500).nullable().optional(),
});

export const addReleaseTrackRequestSchema = z.object({
  file_entry_id: z.number().int().positive(),
});

export const updateTrackDraftRequestSchema = z.object({
  name: name.optional(),
  artists: z.array(z.string().trim().min(1).max(255)).max(20).optional(),
  position: z.number().int().min(1).max(999).optional(),
  disc_number: z.number().int().min(1).max(99).optional(),
  explicit: z.boolean().optional(),
});

export const publishReleaseRequestSchema = z.object({
  /** ISO date-time in the future = scheduled; null or left out = now. */
  publish_at: z.string().datetime({ offset: true }).nullable().optional(),
});
