import { z } from 'zod';
import { msg } from '../i18n/messages';
import { EMBED_KINDS, type EmbedKind } from '../site/page-paths';

export { EMBED_KINDS, type EmbedKind };

/** The embed's heights: a single track's card, and an album's or playlist's with its track list. */
export const EMBED_HEIGHT = { compact: 152, list: 352 } as const;

export const embedHeight = (kind: EmbedKind) => (kind === 'track' ? EMBED_HEIGHT.compact : EMBED_HEIGHT.list);

/** The iframe code a site owner pastes (the Share → Embed dialog and oEmbed give the same). */
export function embedIframe(
  src: string,
  kind: EmbedKind,
  title: string,
  height: number = embedHeight(kind),
): string {
  const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return (
    `<iframe title="${attr(title)}" src="${attr(src)}" width="100%" height="${height}" ` +
    'style="border:0;border-radius:12px" allow="autoplay; encrypted-media; fullscreen" loading="lazy"></iframe>'
  );
}

/** GET api/v1/oembed (oembed.com): the page's address, JSON only. */
export const oembedQuerySchema = z.object({
  url: z.string().trim().min(1).max(2000),
  /**
   * Only JSON is served. oEmbed answers another format with 501; here it is bad input (422 on
   * `format`), as every refusal of input is, so no request a client controls gets a 5xx.
   */
  format: z.enum(['json'], { message: msg('Only the JSON format is served.') }).optional(),
  maxwidth: z.coerce.number().int().positive().max(10_000).optional(),
  maxheight: z.coerce.number().int().positive().max(10_000).optional(),
});

/** oEmbed 1.0's "rich" answer: the player as an iframe. */
export const oembedResponseSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  provider_name: z.string(),
  provider_url: z.string(),
  title: z.string(),
  author_name: z.string().optional(),
  author_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type OembedResponse = z.infer<typeof oembedResponseSchema>;
