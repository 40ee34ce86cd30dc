import { z } from 'zod';
import { permissionSchema } from '../permissions';

export const subscriptionSummarySchema = z.object({
  id: z.number().int(),
  product_id: z.number().int().nullable().optional(),
  price_id: z.number().int().nullable().optional(),
  valid: z.boolean(),
  active: z.boolean(),
});

/**
 * The calendar a user reads dates in: the Gregorian one, or the Ethiopian one (`Intl`'s
 * `ethiopic`), which Amharic readers may choose. Null: the Gregorian.
 */
export const CALENDARS = ['gregorian', 'ethiopic'] as const;
export type Calendar = (typeof CALENDARS)[number];

/**
 * The locale dates are written with: `locale` itself for the Gregorian calendar, with the
 * calendar's Unicode extension for another ("am-u-ca-ethiopic" → 19 ኅዳር 2019).
 */
export function calendarLocale(locale: string, calendar: Calendar | null | undefined): string {
  if (!calendar || calendar === 'gregorian') return locale;
  return `${locale.replace(/-u-.*$/, '')}-u-ca-${calendar}`;
}

export const socialProfileSchema = z.object({ service_name: z.string(), username: z.string().nullable() });

/** The signed-in user as the web app sees it (SPEC §3 User). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  email_verified_at: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string(),
  avatar: z.string().nullable(),
  language: z.string().nullable(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  calendar: z.enum(CALENDARS).nullable().optional(),
  unread_notifications_count: z.number().int(),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() })),
  permissions: z.array(permissionSchema),
  subscriptions: z.array(subscriptionSummarySchema),
  social_profiles: z.array(socialProfileSchema),
  two_factor_confirmed_at: z.string().nullable(),
  created_at: z.string(),
  /** Set while an admin looks through this account ("Log in as"): the banner's way back. */
  impersonator: z.object({ id: z.number().int(), display_name: z.string() }).nullable().optional(),
});
export type User = z.infer<typeof userSchema>;
