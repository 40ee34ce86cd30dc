import { z } from 'zod';
import { ALBUM_TYPES, artistRefSchema } from '../catalogue/catalogue';
import { upsertArtistRequestSchema } from '../catalogue/catalogue-writes';
import { paginationSchema } from '../common';
import { msg } from '../i18n/messages';
import { listQuerySchema, listResponseSchema } from '../list';
import { idSchema, intParamSchema } from '../primitives';
import { WORKSPACE_ROLES } from '../workspaces/workspaces';

/**
 * The backstage for artists: requests to become, claim or verify an artist, the
 * admin's review of them, and the artist's own area (their artist page, tracks, albums). The
 * server checks every write against the caller's `user_artists` links, never an id it is sent.
 */

export const BACKSTAGE_REQUEST_TYPES = ['become_artist', 'claim_artist', 'verify_artist'] as const;
export type BackstageRequestType = (typeof BACKSTAGE_REQUEST_TYPES)[number];
export const BACKSTAGE_REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type BackstageRequestStatus = (typeof BACKSTAGE_REQUEST_STATUSES)[number];
/** How the requester relates to the artist (kept on the link an approval creates). */
export const ARTIST_ROLES = ['artist', 'manager', 'label', 'producer', 'other'] as const;
export type ArtistRole = (typeof ARTIST_ROLES)[number];

export const BACKSTAGE_REQUEST_TYPE_LABELS: Record<BackstageRequestType, string> = {
  become_artist: msg('Become an artist'),
  claim_artist: msg('Claim an artist'),
  verify_artist: msg('Verify my artist'),
};
export const ARTIST_ROLE_LABELS: Record<ArtistRole, string> = {
  artist: msg('Artist'),
  manager: msg('Manager'),
  label: msg('Label'),
  producer: msg('Producer'),
  other: msg('Other'),
};

export const BACKSTAGE_MAX_LINKS = 10;

export const BACKSTAGE_MESSAGES = {
  artistRequired: msg('Choose the artist.'),
  unknownArtist: msg('The artist does not exist.'),
  notYourArtist: msg('You can only verify an artist you manage.'),
  alreadyVerified: msg('This artist is already verified.'),
  alreadyLinked: msg('You already manage this artist.'),
  pendingExists: msg('You already have a pending request for this artist.'),
  proofNotFound: msg('The proof file was not found.'),
  notPending: msg('This request was already reviewed.'),
  reasonRequired: msg('Give the reason for the denial.'),
} as const;

const linkSchema = z
  .string()
  .trim()
  .max(2000)
  .url(msg('Enter a valid URL, like https://example.com.'))
  .refine((v) => /^https?:\/\//i.test(v), msg('Enter a valid URL, like https://example.com.'));

/** POST api/v1/backstage/requests. `artist_id` names the artist claimed or verified. */
export const createBackstageRequestSchema = z
  .object({
    type: z.enum(BACKSTAGE_REQUEST_TYPES),
    artist_id: idSchema.nullable().optional(),
    artist_name: z.string().trim().min(1, msg('Enter the artist name.')).max(255),
    role: z.enum(ARTIST_ROLES),
    links: z.array(linkSchema).max(BACKSTAGE_MAX_LINKS, msg('Add at most 10 links.')),
    message: z.string().trim().max(5000).nullable().optional(),
    /** A file entry the requester uploaded (POST api/v1/file-entries). */
    proof_entry_id: idSchema.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type !== 'become_artist' && !body.artist_id)
      ctx.addIssue({ code: 'custom', path: ['artist_id'], message: BACKSTAGE_MESSAGES.artistRequired });
  });
export type CreateBackstageRequest = z.input<typeof createBackstageRequestSchema>;

export const backstageProofSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});

export const backstageRequestSchema = z.object({
  id: z.number().int(),
  type: z.enum(BACKSTAGE_REQUEST_TYPES),
  status: z.enum(BACKSTAGE_REQUEST_STATUSES),
  /** The artist claimed or verified, or the one an approved "become" created. */
  artist: artistRefSchema.nullable(),
  artist_name: z.string(),
  role: z.enum(ARTIST_ROLES),
  links: z.array(z.string()),
  message: z.string().nullable(),
  proof: backstageProofSchema.nullable(),
  deny_reason: z.string().nullable(),
  user: z.object({ id: z.number().int(), display_name: z.string(), email: z.string() }),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type BackstageRequest = z.infer<typeof backstageRequestSchema>;
export const backstageRequestResponseSchema = z.object({ request: backstageRequestSchema });

export const myBackstageRequestsQuerySchema = z.object({ page: intParamSchema(1, 1_000_000).optional() });
export const myBackstageRequestsResponseSchema = paginationSchema(backstageRequestSchema);

/** The admin's list (the one list contract, decision 0025). */
export const BACKSTAGE_REQUEST_SORTS = ['created_at', 'artist_name', 'status', 'type'] as const;
export const backstageRequestsListQuerySchema = listQuerySchema(BACKSTAGE_REQUEST_SORTS, {
  status: z.enum(BACKSTAGE_REQUEST_STATUSES).optional(),
  type: z.enum(BACKSTAGE_REQUEST_TYPES).optional(),
});
export type BackstageRequestsListQuery = z.infer<typeof backstageRequestsListQuerySchema>;
export const backstageRequestsListResponseSchema = listResponseSchema(backstageRequestSchema);

export const denyBackstageRequestSchema = z.object({
  reason: z.string().trim().min(1, BACKSTAGE_MESSAGES.reasonRequired).max(2000),
});

// ---- The artist's area ----

/**
 * An artist the caller works on, and in what capacity. `role` is their own link to the artist
 * (`user_artists`), null when they reach it only through a team; `workspace` is set in a team
 * workspace: the team sharing the artist and the caller's role in it, which is what they act by
 * there.
 */
export const backstageArtistSchema = artistRefSchema.extend({
  role: z.enum(ARTIST_ROLES).nullable(),
  workspace: z.object({ id: z.number().int(), name: z.string(), role: z.enum(WORKSPACE_ROLES) }).nullable(),
});
export type BackstageArtist = z.infer<typeof backstageArtistSchema>;
export const backstageArtistsResponseSchema = z.object({ artists: z.array(backstageArtistSchema) });

/** The artist page as its managers edit it (the verified badge is the admins' to give). */
export const updateBackstageArtistSchema = upsertArtistRequestSchema.omit({ verified: true });
export type UpdateBackstageArtist = z.input<typeof updateBackstageArtistSchema>;

export const backstageCatalogueQuerySchema = z.object({
  page: intParamSchema(1, 1_000_000).optional(),
  perPage: intParamSchema(1, 100).optional(),
  query: z.string().trim().max(200).optional(),
});

const nullableText = (max: number) => z.string().trim().max(max).nullable().optional();

/** What an artist may change on their own track (credits and album stay the catalogue's). */
export const updateBackstageTrackSchema = z.object({
  name: z.string().trim().min(1).max(255),
  number: z.number().int().min(1).max(10_000).nullable().optional(),
  explicit: z.boolean().optional(),
  image: nullableText(2000),
});
export type UpdateBackstageTrack = z.input<typeof updateBackstageTrackSchema>;

export const updateBackstageAlbumSchema = z.object({
  name: z.string().trim().min(1).max(255),
  image: nullableText(2000),
  release_date: z.string().date(msg('Use a date like 2026-01-31.')).nullable().optional(),
  type: z.enum(ALBUM_TYPES).optional(),
  description: nullableText(10_000),
});
export type UpdateBackstageAlbum = z.input<typeof updateBackstageAlbumSchema>;
