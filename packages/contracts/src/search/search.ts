import { z } from 'zod';
import { albumSchema, artistRefSchema, trackSchema } from '../catalogue/catalogue';
import { playlistSchema, userRefSchema } from '../library/library';
import { intParamSchema } from '../primitives';

/**
 * GET api/v1/search?query=&types=artist,album,track,playlist,user&page=&perPage=
 * Full text plus pg_trgm (typo tolerance), ranked exact > prefix > contains > fuzzy, then by
 * popularity. The navbar's instant results call it with perPage=3 or so; the /search/{query}
 * page tabs ask for one type at a time with pages.
 */
export const SEARCH_TYPES = ['artist', 'album', 'track', 'playlist', 'user'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const searchRequestSchema = z.object({
  query: z.string().trim().min(1).max(200),
  types: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(SEARCH_TYPES)))
    .optional(),
  page: intParamSchema(1, 1000).optional(),
  perPage: intParamSchema(1, 50).optional(),
});

const section = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    current_page: z.number().int(),
    per_page: z.number().int(),
    next_page: z.number().int().nullable(),
  });

export const searchResponseSchema = z.object({
  query: z.string(),
  results: z.object({
    artist: section(artistRefSchema).optional(),
    album: section(albumSchema).optional(),
    track: section(trackSchema).optional(),
    playlist: section(playlistSchema).optional(),
    user: section(userRefSchema).optional(),
  }),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
