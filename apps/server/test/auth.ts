// Helpers of the accounts tests: unique addresses, an independent TOTP, the TOTP step edge.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { uniqueSuffix } from './helpers';

const run = promisify(execFile);

/**
 * A fresh address on a fresh subdomain: the per-domain sign-up limit counts per domain, and with
 * REDIS_URL its counts are shared by every test file running at once.
 */
export const uniqueEmail = (prefix = 'acct') =>
  `${prefix}-${uniqueSuffix()}@d${randomBytes(4).toString('hex')}.example.test`;

/** Debian's oathtool: an implementation of TOTP independent of the one under test. */
export async function oathtool(secret: string, at = Date.now()): Promise<string> {
  const { stdout } = await run('/usr/bin/oathtool', [
    '--totp',
    '-b',
    '-N',
    `@${Math.floor(at / 1000)}`,
    secret,
  ]);
  return stdout.trim();
}

/** Waits until at least `marginMs` remain in the current 30 s step, so ±1-step checks cannot straddle. */
export async function awayFromStepEdge(marginMs = 3000) {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}
