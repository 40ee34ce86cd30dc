// The mail outbox as tests read it: .eml files under DATA_DIR/mail, decoded.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

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
  await app.deps.background.flush();
  await app.deps.jobs.flush();
  await app.deps.mail.flush();
}

/** The .eml files written for `to`, oldest first, decoded for reading. */
export async function outboxFor(app: FastifyInstance, to: string): Promise<{ file: string; body: string }[]> {
  await settled(app);
  const dir = app.deps.mail.mailer.outboxDir;
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
