import { z } from 'zod';
import { msg } from './i18n/messages';

/**
 * Numbers and ids as the database stores them. Every id column and every counter a client can
 * send is a PostgreSQL `integer` (int4), so a bigger value would fail inside the query (22003)
 * instead of being refused up front; these schemas refuse it with a field error.
 */

/** Largest PostgreSQL `integer`. */
export const INT32_MAX = 2_147_483_647;

export const ID_MESSAGE = msg('The id must be a whole number from 1 to 2147483647.');

/**
 * The text of an id in a path or query: decimal digits only, without sign, spaces, leading zeros,
 * hex (`0x1A`) or exponent (`1e5`) forms, so one id has exactly one spelling.
 */
export const ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** An id in a JSON body: a whole number from 1 to INT32_MAX. */
export const idSchema = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(INT32_MAX, ID_MESSAGE);

/** An id in a path or query string (see ID_PATTERN), as a number. */
export const idParamSchema = z.string().regex(ID_PATTERN, ID_MESSAGE).transform(Number).pipe(idSchema);

/** A user id in a path where `me` names the caller. */
export const userRefParamSchema = z.union([z.literal('me'), idParamSchema], {
  error: msg('The user id must be "me" or a whole number from 1 to 2147483647.'),
});

/** A whole number for a 32-bit column (positions, durations, counts) in a JSON body. */
export const int32Schema = (min = 0, max = INT32_MAX) => z.number().int().min(min).max(max);

const UINT_PATTERN = /^(0|[1-9][0-9]{0,9})$/;

/**
 * A whole number in a query string (`?page=2`), `min`..`max`: the same strict spelling as ids
 * (`0` allowed), so `?page=0x10` or `?page=1e3` is a field error rather than a guess.
 */
export const intParamSchema = (min: number, max: number) => {
  const message = `Enter a whole number from ${min} to ${max}.`;
  return z
    .string()
    .regex(UINT_PATTERN, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
};
