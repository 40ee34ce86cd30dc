// Test-only helpers of the accounts features (imported by *.test.ts files, never by the app).
import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XSRF_COOKIE } from '@zema/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { uniqueSuffix } from '../../../test/helpers';

const run = promisify(execFile);

/**
 * A fresh address on a fresh subdomain: the per-domain sign-up limit counts per domain, and with
 * REDIS_URL its counts are shared by every test file running at once.
 */
export const uniqueEmail = (prefix = 'acct') =>
  `${prefix}-${uniqueSuffix()}@d${randomBytes(4).toString('hex')}.example.test`;

/** A random TEST-NET-3 style address, so per-IP limits of parallel test files never meet in Redis. */
export const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * A browser: keeps cookies between requests (honouring Max-Age=0 / past Expires as deletion),
 * echoes the XSRF cookie in X-XSRF-TOKEN, and comes from its own IP address.
 */
export class Browser {
  cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly ip = randomIp(),
  ) {
    this.cookies.set(XSRF_COOKIE, randomBytes(20).toString('hex'));
  }

  async send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: { cookie, 'x-xsrf-token': this.cookies.get(XSRF_COOKIE) ?? '', ...headers },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    for (const c of res.cookies) {
      const expired =
        (c.maxAge !== undefined && c.maxAge <= 0) || (c.expires && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  post(url: string, payload?: unknown) {
    return this.send('POST', url, payload ?? {});
  }
  get(url: string) {
    return this.send('GET', url);
  }
}

/** Undoes quoted-printable (soft breaks, =XX bytes) so assertions can read the mail text. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/\r\n/g, '\n')
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Resolves once the work requests left behind (background tasks, queued mail) is done. */
export async function settled(app: FastifyInstance) {
  await app.background.flush();
  await app.mail.flush();
}

/** The .eml files written for `to`, oldest first, decoded for reading. */
export async function outboxFor(app: FastifyInstance, to: string): Promise<{ file: string; body: string }[]> {
  await settled(app);
  const dir = app.mail.mailer.outboxDir;
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => n.endsWith('.eml') && n.includes(to))
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      file: join(dir, name),
      body: decodeQuotedPrintable(await readFile(join(dir, name), 'utf8')),
    })),
  );
}

export async function lastMailTo(app: FastifyInstance, to: string) {
  const all = await outboxFor(app, to);
  if (!all.length) throw new Error(`no mail to ${to}`);
  return all[all.length - 1]!.body;
}

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
