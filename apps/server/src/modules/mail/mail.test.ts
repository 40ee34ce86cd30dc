import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFrom } from '#src/modules/settings/index';
import { outboxFileName } from '#src/platform/mail';
import { uniqueEmail } from '#test/auth';
import { buildTestApp, useApp } from '#test/helpers';
import { decodeQuotedPrintable } from '#test/mail';
import { startSmtp } from '#test/smtp';

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
