import { z } from 'zod';
import { msg } from '../i18n/messages';
import { listQuerySchema, listResponseSchema } from '../list';
import { idSchema } from '../primitives';
import { CUSTOM_PAGE_AUDIENCES, CUSTOM_PAGE_LIMITS, customPageSlugSchema } from './pages';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => v || null);

/** A page's words in one language: its title and body, and its own SEO tags. */
export const customPageTextSchema = z.object({
  title: z.string().trim().min(1, msg('Enter a title.')).max(CUSTOM_PAGE_LIMITS.title),
  body: z.string().max(CUSTOM_PAGE_LIMITS.body, msg('The page is too long.')),
  seo_title: optionalText(CUSTOM_PAGE_LIMITS.seoTitle),
  seo_description: optionalText(CUSTOM_PAGE_LIMITS.seoDescription),
});
export type CustomPageText = z.output<typeof customPageTextSchema>;

/** What the admin saves: the page in the site's language, its translations, who reads it. */
export const saveCustomPageRequestSchema = customPageTextSchema
  .extend({
    slug: customPageSlugSchema,
    hidden: z.boolean().default(false),
    audience: z.enum(CUSTOM_PAGE_AUDIENCES).default('everyone'),
    role_id: idSchema.nullable().default(null),
    /** Keyed by language code (`am`). */
    translations: z
      .record(z.string().regex(/^[a-z]{2,3}$/, msg('Use a language code, like am.')), customPageTextSchema)
      .default({})
      .refine((t) => Object.keys(t).length <= CUSTOM_PAGE_LIMITS.translations, msg('Too many translations.')),
  })
  .superRefine((page, ctx) => {
    if (page.audience === 'role' && page.role_id === null)
      ctx.addIssue({
        code: 'custom',
        path: ['role_id'],
        message: msg('Pick the role that may read the page.'),
      });
  });
export type SaveCustomPageRequest = z.input<typeof saveCustomPageRequestSchema>;

const textOutSchema = z.object({
  title: z.string(),
  body: z.string(),
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
});

/** A page as the admin edits it. */
export const customPageAdminSchema = textOutSchema.extend({
  id: idSchema,
  slug: z.string(),
  hidden: z.boolean(),
  audience: z.enum(CUSTOM_PAGE_AUDIENCES),
  role_id: idSchema.nullable(),
  translations: z.record(z.string(), textOutSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomPageAdmin = z.infer<typeof customPageAdminSchema>;

export const CUSTOM_PAGE_SORTS = ['title', 'slug', 'updated_at', 'created_at'] as const;
export const customPageListQuerySchema = listQuerySchema(CUSTOM_PAGE_SORTS, {});

export const customPageListItemSchema = customPageAdminSchema.pick({
  id: true,
  slug: true,
  title: true,
  hidden: true,
  audience: true,
  role_id: true,
  updated_at: true,
});
export type CustomPageListItem = z.infer<typeof customPageListItemSchema>;
export const customPageListResponseSchema = listResponseSchema(customPageListItemSchema);
