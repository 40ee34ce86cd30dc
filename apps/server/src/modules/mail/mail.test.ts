// Both drivers: queued mail is a job of the `mail` queue, on BullMQ (Redis) in the production leg.
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { asc, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '#src/modules/jobs/index';
import { defaultFrom } from '#src/modules/settings/index';
import { createMailer, outboxFileName } from '#src/platform/mail';
import { uniqueEmail } from '#test/auth';
import { buildTestApp, uniqueSuffix, useApp } from '#test/helpers';
import { decodeQuotedPrintable } from '#test/mail';
import { startSmtp } from '#test/smtp';
import { createMailService } from './mail.service';
import { mailLog } from './mail.tables';
import { MAIL_QUEUE, type MailJob, mailQueue } from './mail-queue';

describe('mail outbox (no MAIL_URL)', () => {
  const t = useApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } });
  const lines: string[] = [];

  it('writes one .eml per message, named <time>-<to>-<id>, with one log line', async () => {
    const to = uniqueEmail('outbox');
    const before = Date.now();
    const sent = await t.app.deps.mail.deliver(to, (b) => ({
      subject: `Hello from ${b.siteName}`,
      text: 'plain body',
      html: '<p>html body</p>',
    }));
    const dir = join(t.config.dataDir, 'mail');
    const files = (await readdir(dir)).filter((f) => f.includes(to));
    expect(files).toHaveLength(1);
    // No temporary file is left behind by the atomic write.
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(sent.file).toBe(join(dir, files[0]!));
    expect(files[0]).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-outbox-.+@(.+\.)?example\.test-.+\.eml$/,
    );
    expect(
      Date.parse(files[0]!.slice(0, 24).replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3')),
    ).toBeGreaterThanOrEqual(before - 1000);
    const raw = await readFile(sent.file!, 'utf8');
    expect(raw).toMatch(/^Subject: Hello from Zema$/m);
    expect(raw).toMatch(new RegExp(`^To: ${to}$`, 'm'));
    // nodemailer drops quotes a display name does not need.
    expect(raw).toMatch(/^From: Zema <no-reply@localhost>$/m);
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
    const logged = lines.filter((l) => l.includes('mail written to'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!).msg).toBe(`mail written to ${sent.file}: Hello from Zema → ${to}`);
  });

  it('templates carry the site name, the absolute logo URL and the reset link', async () => {
    const to = uniqueEmail('tpl');
    t.app.deps.mail.sendPasswordReset(to, 'tok-123', 60);
    t.app.deps.mail.sendVerificationCode(to, '042917', 10);
    t.app.deps.mail.sendWelcome(to, 'Abebe');
    await t.app.deps.mail.flush();
    const files = (await readdir(join(t.config.dataDir, 'mail'))).filter((f) => f.includes(to));
    expect(files).toHaveLength(3);
    const bodies = await Promise.all(
      files.map(async (f) =>
        decodeQuotedPrintable(await readFile(join(t.config.dataDir, 'mail', f), 'utf8')),
      ),
    );
    const reset = bodies.find((b) => b.includes('Reset your password'))!;
    expect(reset).toContain(`http://localhost:8080/password/reset/tok-123?email=${encodeURIComponent(to)}`);
    const code = bodies.find((b) => b.includes('Verify your email'))!;
    expect(code).toContain('042917');
    const welcome = bodies.find((b) => b.includes('Welcome, Abebe!'))!;
    for (const body of [reset, code, welcome]) {
      expect(body).toContain('src="http://localhost:8080/images/logo-dark.svg"');
      expect(body).toMatch(/Zema · http:\/\/localhost:8080/);
    }
  });

  it('file names cannot escape the outbox folder', () => {
    const name = outboxFileName(new Date(0), '../../etc/passwd@x', '<a/b@c>');
    expect(name).not.toContain('/');
    expect(name.startsWith('1970-01-01T00-00-00.000Z-')).toBe(true);
  });

  it('builds the default sender from the site name and APP_URL host', () => {
    expect(defaultFrom('My "Music"', 'https://music.example.com:8443')).toBe(
      '"My Music" <no-reply@music.example.com>',
    );
  });
});

describe('mail over SMTP (MAIL_URL)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  const t = useApp(() => ({
    MAIL_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`,
    MAIL_FROM: '"Zema Mail" <hello@zema.test>',
  }));

  it('sends through the SMTP server, authenticated, and writes no outbox file', async () => {
    const to = uniqueEmail('smtp');
    t.app.deps.mail.sendVerificationCode(to, '913546', 10);
    await t.app.deps.mail.flush();
    const message = smtp.received.find((m) => m.to.includes(to));
    expect(message).toBeDefined();
    expect(message!.user).toBe('mailer');
    expect(message!.from).toBe('hello@zema.test');
    const body = decodeQuotedPrintable(message!.raw);
    expect(body).toMatch(/^From: Zema Mail <hello@zema.test>$/m);
    expect(body).toMatch(/^Subject: Zema: your verification code$/m);
    expect(body).toContain('913546');
    expect(body).toContain('http://localhost:8080/images/logo-dark.svg');
    expect(await readdir(join(t.config.dataDir, 'mail')).catch(() => [])).toEqual([]);
  });

  it('hands each mail to the mail queue as a job whose stored data holds no secret in the clear', async () => {
    const engine = t.app.deps.jobs.engine;
    const handed = vi.spyOn(engine, 'send');
    let calls: Parameters<typeof engine.send>[] = [];
    const to = uniqueEmail('sealed');
    const secrets = ['552071', 'Reset-Secret_token.77', 'inviteSecret4242'];
    try {
      t.app.deps.mail.sendVerificationCode(to, secrets[0]!, 10);
      t.app.deps.mail.sendPasswordReset(to, secrets[1]!, 60);
      t.app.deps.mail.sendWorkspaceInvite(to, {
        inviteId: secrets[2]!,
        email: to,
        workspaceName: 'Label',
        inviterName: 'Abebe',
        role: 'editor',
        hasAccount: false,
        days: 7,
      });
      await t.app.deps.mail.flush();
    } finally {
      // Restoring forgets the calls: keep them first.
      calls = [...handed.mock.calls];
      handed.mockRestore();
    }
    const jobs = calls.filter(([queue]) => queue === MAIL_QUEUE).map(([, data]) => data as MailJob);
    expect(jobs.map((j) => j.template).sort()).toEqual([
      'password-reset',
      'verification-code',
      'workspace-invite',
    ]);
    // What the engine keeps: in this process's memory, or BullMQ's hashes in Redis.
    const stored = [JSON.stringify(jobs)];
    if (engine.kind === 'redis') {
      const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
      const name = `${t.deps.busNamespace.replace(/[^\w-]/g, '-')}${MAIL_QUEUE}`;
      const queue = new Queue(name, { connection: redis, prefix: 'zema-jobs' });
      try {
        const kept = await queue.getJobs(['completed', 'failed', 'delayed', 'waiting', 'active']);
        expect(kept.length).toBeGreaterThanOrEqual(3);
        for (const job of kept)
          stored.push(JSON.stringify(await redis.hgetall(`zema-jobs:${name}:${job.id}`)));
      } finally {
        await queue.close();
        await redis.quit();
      }
    }
    for (const data of stored) {
      for (const secret of [to, ...secrets, encodeURIComponent(secrets[1]!)])
        expect(data).not.toContain(secret);
    }
    // The messages themselves went out whole.
    const received = smtp.received.filter((m) => m.to.includes(to)).map((m) => decodeQuotedPrintable(m.raw));
    expect(received).toHaveLength(3);
    for (const secret of secrets) expect(received.some((raw) => raw.includes(secret))).toBe(true);
  });

  it('a refused login is logged, not thrown at the caller', async () => {
    const bad = await buildTestApp({ MAIL_URL: `smtp://mailer:wrong@127.0.0.1:${smtp.port}` });
    try {
      const to = uniqueEmail('refused');
      await expect(
        bad.app.deps.mail.deliver(to, () => ({ subject: 's', text: 't', html: 'h' })),
      ).rejects.toThrow();
      bad.app.deps.mail.sendWelcome(to, 'x');
      await bad.app.deps.mail.flush();
      expect(smtp.received.some((m) => m.to.includes(to))).toBe(false);
    } finally {
      await bad.close();
    }
  });
});

/**
 * A real SMTP peer (the smtp-server package) that answers the first `refusals` messages with a
 * temporary failure, as a relay in trouble does (or with `reply`: 550, a mailbox that does not
 * exist); `accepted` resolves at the first message it takes, `refused()` counts the others.
 */
async function startFlakySmtp(
  refusals: number,
  reply = { code: 451, text: 'Mailbox busy, try again later' },
) {
  const received: string[] = [];
  let refused = 0;
  let accept = () => {};
  const accepted = new Promise<void>((resolve) => {
    accept = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH'],
    hideSTARTTLS: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < refusals) {
          refused += 1;
          callback(Object.assign(new Error(reply.text), { responseCode: reply.code }));
          return;
        }
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
        accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    accepted,
    port,
    refused: () => refused,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Resolves once `check` holds, asked again every few milliseconds (what the engine keeps). */
const until = async (check: () => Promise<boolean>) => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('the mail queue through an SMTP outage', () => {
  const t = useApp();

  /**
   * The app's mail service and queue on an engine of the app's kind (BullMQ on Redis in the
   * production leg) under a namespace of its own, with waits of a few milliseconds between tries.
   */
  async function mailOn(smtpPort: number, tries: { attempts?: number } = {}) {
    const engine = createEngine({
      ...t.deps,
      busNamespace: `mq${uniqueSuffix().replace(/\W/g, '').slice(-10)}-`,
    });
    const config = { ...t.config, mailUrl: `smtp://127.0.0.1:${smtpPort}` };
    const mail = createMailService({
      mailer: createMailer(config, t.deps.log),
      settings: t.deps.settings,
      config,
      log: t.deps.log,
      db: t.db,
      jobs: {
        send: (job) => engine.send(MAIL_QUEUE, job),
        flush: () => engine.flush(),
        inProcess: engine.kind === 'in-process',
      },
    });
    const queue = mailQueue(mail);
    await engine.start([
      {
        name: queue.name,
        run: queue.run,
        concurrency: queue.concurrency ?? 1,
        attempts: tries.attempts ?? queue.attempts ?? 1,
        backoffMs: 20,
      },
    ]);
    return { engine, mail };
  }

  const logged = (to: string) =>
    t.db.select().from(mailLog).where(eq(mailLog.toAddress, to)).orderBy(asc(mailLog.id));

  it('a mail whose first SMTP attempt fails is tried again and delivered; each try is in the mail log', async () => {
    const peer = await startFlakySmtp(1);
    const { engine, mail } = await mailOn(peer.port);
    try {
      const to = uniqueEmail('outage');
      mail.sendVerificationCode(to, '604418', 10);
      await mail.flush();
      await peer.accepted;
      await mail.flush();
      expect(peer.received).toHaveLength(1);
      expect(decodeQuotedPrintable(peer.received[0]!)).toContain('604418');
      const rows = await logged(to);
      expect(rows.map((r) => r.status)).toEqual(['failed', 'sent']);
      expect(rows[0]!.error).toMatch(/451|try again/i);
      expect(JSON.stringify(rows)).not.toContain('604418');
      expect(await engine.failed(MAIL_QUEUE, 10)).toEqual([]);
      const [row] = (await engine.overview()).filter((q) => q.name === MAIL_QUEUE);
      expect(row).toMatchObject({ completed: 1, failed: 0 });
    } finally {
      await engine.stop();
      await peer.close();
    }
  });

  it('a mail every try of which fails lands in the failed list, its error scrubbed', async () => {
    const peer = await startFlakySmtp(Number.POSITIVE_INFINITY);
    const { engine, mail } = await mailOn(peer.port, { attempts: 2 });
    try {
      const to = uniqueEmail('bounced');
      mail.sendPasswordReset(to, 'lostResetToken99', 60);
      await mail.flush();
      // The second try waits in the engine's delayed set, which flush leaves: wait for the list.
      await until(async () => ((await engine.failed(MAIL_QUEUE, 10)) ?? []).length > 0);
      const failed = (await engine.failed(MAIL_QUEUE, 10))!;
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ queue: MAIL_QUEUE, attempts: 2 });
      expect(failed[0]!.error).toMatch(/451|try again/i);
      expect(failed[0]!.error).not.toContain(to);
      expect(failed[0]!.error).not.toContain('lostResetToken99');
      expect((await logged(to)).map((r) => r.status)).toEqual(['failed', 'failed']);
      expect(peer.received).toEqual([]);
    } finally {
      await engine.stop();
      await peer.close();
    }
  });

  it('a mail the server refuses for good (550) is tried once and fails at once, with its reason', async () => {
    const peer = await startFlakySmtp(Number.POSITIVE_INFINITY, { code: 550, text: 'Mailbox unavailable' });
    const { engine, mail } = await mailOn(peer.port, { attempts: 3 });
    try {
      const to = uniqueEmail('unknown');
      mail.sendPasswordReset(to, 'deadResetToken31', 60);
      await mail.flush();
      await until(async () => ((await engine.failed(MAIL_QUEUE, 10)) ?? []).length > 0);
      const failed = (await engine.failed(MAIL_QUEUE, 10))!;
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ queue: MAIL_QUEUE, attempts: 1 });
      expect(failed[0]!.error).toMatch(/550|unavailable/i);
      expect(failed[0]!.error).not.toContain(to);
      expect(failed[0]!.error).not.toContain('deadResetToken31');
      expect(peer.refused()).toBe(1);
      expect((await logged(to)).map((r) => r.status)).toEqual(['failed']);
      const [row] = (await engine.overview()).filter((q) => q.name === MAIL_QUEUE);
      expect(row).toMatchObject({ delayed: 0, failed: 1 });
    } finally {
      await engine.stop();
      await peer.close();
    }
  });
});
