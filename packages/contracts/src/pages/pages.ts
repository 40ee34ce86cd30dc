import { z } from 'zod';
import { msg } from '../i18n/messages';
import { idSchema } from '../primitives';

/** Limits of a custom page (SPEC §3 Custom page; the editor's own). */
export const CUSTOM_PAGE_LIMITS = {
  slug: 80,
  title: 120,
  seoTitle: 70,
  seoDescription: 200,
  /** The HTML body, after sanitising. */
  body: 200_000,
  /** Languages a page is translated into, besides its own. */
  translations: 10,
} as const;

/**
 * Who may read a page: everyone, signed-in users, or holders of one role. A hidden page is a
 * draft: only holders of `custom_pages.update` read it (to preview it).
 */
export const CUSTOM_PAGE_AUDIENCES = ['everyone', 'signed-in', 'role'] as const;
export type CustomPageAudience = (typeof CUSTOM_PAGE_AUDIENCES)[number];

/** `privacy-policy`: lowercase letters, digits and single dashes. */
export const customPageSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, msg('Enter the address of the page.'))
  .max(CUSTOM_PAGE_LIMITS.slug)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, msg('Use lowercase letters, digits and dashes, like privacy-policy.'));

/**
 * SPEC §3 Custom page, as a reader gets it: in the reader's language when the page has that
 * translation (`language` says which), its body sanitised HTML, its SEO tags (`set_seo`: the admin
 * wrote them; otherwise the title and the body's first words stand in).
 */
export const customPageSchema = z.object({
  id: idSchema,
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  set_seo: z.boolean(),
  /** SPEC §3: a custom page's type is 'default'. */
  type: z.literal('default'),
  language: z.string(),
  updated_at: z.string(),
});
export type CustomPage = z.infer<typeof customPageSchema>;

export const customPageResponseSchema = z.object({ page: customPageSchema });
export type CustomPageResponse = z.infer<typeof customPageResponseSchema>;

/** `GET custom-pages/{idOrSlug}` (SPEC §7): an id (`12`) or a slug (`privacy-policy`). */
export const customPageParamsSchema = z.object({
  idOrSlug: z
    .string()
    .trim()
    .min(1)
    .max(CUSTOM_PAGE_LIMITS.slug)
    .regex(/^[A-Za-z0-9-]+$/, msg('Use a page id or its address.')),
});
