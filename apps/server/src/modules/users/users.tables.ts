import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Always stored lower-cased; the unique index on lower(email) keeps it so even for raw SQL. */
    email: text('email').notNull(),
    /** Null for accounts that only sign in through a social provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    displayName: text('display_name'),
    avatar: text('avatar'),
    language: text('language'),
    country: text('country'),
    timezone: text('timezone'),
    /** `ethiopic` for dates in the Ethiopian calendar; null: the Gregorian one. */
    calendar: text('calendar').$type<'gregorian' | 'ethiopic'>(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorRecoveryCodes: jsonb('two_factor_recovery_codes').$type<string[]>(),
    twoFactorConfirmedAt: timestamp('two_factor_confirmed_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is accepted once per user (RELIABILITY). */
    twoFactorLastUsedStep: bigint('two_factor_last_used_step', { mode: 'number' }),
    /** Set by an admin: login is refused and sessions and tokens stop working. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The suspension ends by itself at this time; null = until lifted. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** When a session was last started for this account (login, two-factor, social, register). */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    // The admin's users list: search by email anywhere in it, newest first; new users per period.
    index('users_email_trgm').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    // Each sort of that list with the id it breaks ties by, so a page is a walk of one index:
    // last login both ways, since "never" goes last in either order.
    index('users_created_at_id').on(t.createdAt, t.id),
    index('users_last_login_at_id').on(t.lastLoginAt, t.id),
    index('users_last_login_at_desc_id').on(t.lastLoginAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('users_public_name_sort_id').on(
      sql`lower(coalesce(nullif(btrim(${t.displayName}), ''), btrim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))))`,
      t.id,
    ),
    // User search (SPEC §7 search) over the public name only, never the email; the expression must stay
    // identical to publicNameSql in lib/user-refs.ts for the planner to use these.
    index('users_public_name_trgm').using(
      'gin',
      sql`lower(coalesce(nullif(btrim(${t.displayName}), ''), btrim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')))) gin_trgm_ops`,
    ),
    index('users_public_name_fts').using(
      'gin',
      sql`to_tsvector('simple', coalesce(nullif(btrim(${t.displayName}), ''), btrim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))))`,
    ),
    index('users_public_name_prefix').on(
      sql`lower(coalesce(nullif(btrim(${t.displayName}), ''), btrim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')))) text_pattern_ops`,
    ),
  ],
);
