import { z } from 'zod';

export const timezoneSchema = z.object({ value: z.string(), text: z.string() });
export const countrySchema = z.object({ code: z.string(), name: z.string() });
export const localizationSchema = z.object({ id: z.number().int(), name: z.string(), language: z.string() });
export type Localization = z.infer<typeof localizationSchema>;

export const VALUE_LIST_NAMES = ['timezones', 'countries', 'localizations'] as const;
export type ValueListName = (typeof VALUE_LIST_NAMES)[number];

export const valueListsParamsSchema = z.object({ names: z.string().min(1) });

/** GET api/v1/value-lists/{names}: names comma-joined; each requested list present in the answer. */
export const valueListsResponseSchema = z.object({
  /** Grouped by region ("Africa", "America", ...). */
  timezones: z.record(z.string(), z.array(timezoneSchema)).optional(),
  countries: z.array(countrySchema).optional(),
  localizations: z.array(localizationSchema).optional(),
});
export type ValueListsResponse = z.infer<typeof valueListsResponseSchema>;
