/**
 * The 6-digit codes mailed to prove an address is read (RELIABILITY: valid 10 minutes, dead after
 * 5 wrong tries): the verification code of a new account and the code of an email change. Both
 * tables hold one code per user with the same columns; these helpers are the one way to issue and
 * to check such a code.
 */

import { randomInt } from 'node:crypto';
import { msg } from '@zema/contracts';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '#src/db/client';
import { invalidInput } from '#src/lib/errors';
import { hashPassword, verifyPassword } from '#src/lib/password';
import type { emailChangeRequests } from '#src/modules/account/tables';
import type { emailVerificationCodes } from '#src/modules/users/tables';

export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

export const EMAIL_CODE_MESSAGES = {
  invalid: msg('The code is invalid.'),
  expired: msg('The code has expired. Request a new one.'),
  dead: msg('Too many wrong codes. Request a new one.'),
  missing: msg('There is no code to check. Request a new one.'),
  alreadyVerified: msg('Your email is already verified.'),
} as const;

/** The form every address is compared and stored in. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function generateEmailCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * A fresh code and the row values that store it (attempts reset). The code is kept as an argon2id
 * hash: a leaked table then costs a slow hash per guess instead of a sha256 lookup table over the
 * million possible codes.
 */
export async function newEmailCode(now = new Date()) {
  const code = generateEmailCode();
  return {
    code,
    values: {
      codeHash: await hashPassword(code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + EMAIL_CODE_MINUTES * 60_000),
      createdAt: now,
    },
  };
}

type CodeTable = typeof emailVerificationCodes | typeof emailChangeRequests;

/**
 * Checks `code` against the user's code in `table`. An attempt is reserved atomically before the
 * hash is compared, so even concurrent guesses never get more than five comparisons per code.
 * Answers the matched hash: the caller deletes the row by it, which makes the code single use
 * even if two right answers race. Otherwise a 422 on `code` saying why (none, expired, dead, wrong).
 */
export async function checkEmailCode(
  db: Db,
  table: CodeTable,
  userId: number,
  code: string,
  now = new Date(),
): Promise<string> {
  const [reserved] = await db
    .update(table)
    .set({ attempts: sql`${table.attempts} + 1` })
    .where(
      and(eq(table.userId, userId), lt(table.attempts, EMAIL_CODE_MAX_ATTEMPTS), gt(table.expiresAt, now)),
    )
    .returning({ codeHash: table.codeHash });

  if (!reserved) {
    const [row] = await db.select({ expiresAt: table.expiresAt }).from(table).where(eq(table.userId, userId));
    const message = !row
      ? EMAIL_CODE_MESSAGES.missing
      : row.expiresAt <= now
        ? EMAIL_CODE_MESSAGES.expired
        : EMAIL_CODE_MESSAGES.dead;
    throw invalidInput({ code: [message] });
  }
  if (!(await verifyPassword(reserved.codeHash, code)))
    throw invalidInput({ code: [EMAIL_CODE_MESSAGES.invalid] });
  return reserved.codeHash;
}
