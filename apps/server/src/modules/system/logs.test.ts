// The error log viewer, the day download and the mail log; the health page, which reports the
// database driver and Redis, is in logs.drivers.test.ts.
import { ADMIN_PERMISSIONS } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LOG_DAYS } from '#src/modules/mail/index';
import { mailLog } from '#src/modules/mail/tables';
import { uniqueEmail } from '#test/auth';
import { adminUserId, type Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { startSmtp } from '#test/smtp';

/** The error log viewer, the day download and the mail log. */

let clock = new Date('2026-03-01T10:00:00Z');
const t = useApp({}, { errorLog: { now: () => clock } });
let admin: Client;

/** An error thrown here, so its top frame (and snippet) is this file. */
function failure(message: string): Error {
  return new TypeError(message);
}

async function logError(
  at: string,
  message: string,
  opts: { level?: 'error' | 'warning'; stack?: boolean } = {},
) {
  clock = new Date(at);
  const error = failure(message);
  await t.app.deps.errorLog.append({
    level: opts.level ?? 'error',
    exception: 'TypeError',
    reqId: `req-${at}`,
    method: 'GET',
    route: '/api/v1/things/:id',
    url: '/api/v1/things/7',
    message,
    stack: opts.stack === false ? undefined : error.stack,
  });
}

const get = (url: string) => request(t.app, admin, { url });

beforeAll(async () => {
  admin = await sessionFor(t.db, await adminUserId(t.db));
  await logError('2026-03-01T10:00:00Z', 'first day, first error');
  await logError('2026-03-01T11:00:00Z', 'first day, a warning', { level: 'warning' });
  await logError('2026-03-02T09:00:00Z', 'second day, cannot read properties');
  // The same error again within the window: counted, then written as one line with the count.
  await logError('2026-03-02T09:00:10Z', 'second day, cannot read properties');
  await logError('2026-03-02T09:00:20Z', 'second day, cannot read properties');
  clock = new Date('2026-03-02T12:00:00Z');
  await t.app.deps.errorLog.flush();
});

describe('the error log list', () => {
  it('lists every line, newest first, with level, time, message and count', async () => {
    const res = await get('/api/v1/admin/error-log');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { message: string; level: string; time: string; count: number }[];
    expect(res.json().total).toBe(4);
    expect(rows.map((r) => [r.time, r.level, r.count])).toEqual([
      ['2026-03-02T09:00:20.000Z', 'error', 2],
      ['2026-03-02T09:00:00.000Z', 'error', 1],
      ['2026-03-01T11:00:00.000Z', 'warning', 1],
      ['2026-03-01T10:00:00.000Z', 'error', 1],
    ]);
    expect(rows[0]).toMatchObject({
      exception: 'TypeError',
      route: '/api/v1/things/:id',
      first_time: '2026-03-02T09:00:00.000Z',
    });
  });

  it('filters by level and day, searches the message, sorts and pages', async () => {
    const warnings = (await get('/api/v1/admin/error-log?level=warning')).json();
    expect(warnings.data.map((r: { message: string }) => r.message)).toEqual(['first day, a warning']);
    const day = (await get('/api/v1/admin/error-log?day=2026-03-01&sort=time&order=asc')).json();
    expect(day.data.map((r: { message: string }) => r.message)).toEqual([
      'first day, first error',
      'first day, a warning',
    ]);
    const found = (await get('/api/v1/admin/error-log?query=CANNOT%20read')).json();
    expect(found.total).toBe(2);
    const page2 = (await get('/api/v1/admin/error-log?perPage=3&page=2')).json();
    expect(page2).toMatchObject({ current_page: 2, per_page: 3, total: 4, last_page: 2 });
    expect(page2.data.map((r: { time: string }) => r.time)).toEqual(['2026-03-01T10:00:00.000Z']);
    expect((await get('/api/v1/admin/error-log?day=2026-03-05')).json().total).toBe(0);
  });

  it('refuses a bad level, day or sort with 422', async () => {
    for (const query of ['level=fatal', 'day=2026-02-30', 'day=..%2F..', 'sort=message', 'perPage=1000']) {
      expect((await get(`/api/v1/admin/error-log?${query}`)).statusCode, query).toBe(422);
    }
  });

  it('lists the days with a log, newest first', async () => {
    const res = await get('/api/v1/admin/error-log/days');
    expect(res.statusCode).toBe(200);
    expect(res.json().days.map((d: { day: string }) => d.day)).toEqual(['2026-03-02', '2026-03-01']);
    expect(res.json().days[0].size).toBeGreaterThan(0);
  });
});

describe('one error log entry', () => {
  it('opens with its frames and the source around the failing line', async () => {
    const list = (await get('/api/v1/admin/error-log?day=2026-03-01&sort=time&order=asc')).json();
    const res = await get(`/api/v1/admin/error-log/${list.data[0].id}`);
    expect(res.statusCode, res.body).toBe(200);
    const { entry, debug } = res.json();
    expect(entry.message).toBe('first day, first error');
    expect(debug).toMatchObject({ exception: 'TypeError', message: 'first day, first error' });
    const first = debug.trace[0];
    expect(first.path).toMatch(/modules\/system\/logs\.test\.ts$/);
    expect(first.isVendor).toBe(false);
    expect(first.codeSnippet[String(first.lineNumber)]).toContain('new TypeError(message)');
  });

  it('a line that only counts repeats shows the frames of the full line before it', async () => {
    const list = (await get('/api/v1/admin/error-log')).json();
    const repeat = list.data.find((r: { count: number }) => r.count === 2);
    const { debug } = (await get(`/api/v1/admin/error-log/${repeat.id}`)).json();
    expect(debug.trace[0].path).toMatch(/logs\.test\.ts$/);
  });

  it('404 for an offset that is not the start of a line or a file that is not there; 422 for other ids', async () => {
    const [first] = (await get('/api/v1/admin/error-log?day=2026-03-01&sort=time&order=asc')).json().data;
    const [day, seq] = first.id.split('.');
    expect((await get(`/api/v1/admin/error-log/${day}.${seq}.5`)).statusCode).toBe(404);
    expect((await get('/api/v1/admin/error-log/2026-01-01.0.0')).statusCode).toBe(404);
    expect((await get(`/api/v1/admin/error-log/${day}.${seq}.999999999`)).statusCode).toBe(404);
    for (const id of ['x', '2026-03-01', '..%2Ferror-2026-03-01.log', '2026-03-01.0.-1']) {
      expect((await get(`/api/v1/admin/error-log/${id}`)).statusCode, id).toBe(422);
    }
  });
});

describe('GET /api/v1/logs/error/download/:day', () => {
  it("downloads the day's log as an attachment", async () => {
    const res = await get('/api/v1/logs/error/download/2026-03-01');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="error-2026-03-01.log"');
    expect(res.body).toContain('first day, first error');
    expect(res.body).not.toContain('second day');
    expect(res.body.trim().split('\n')).toHaveLength(2);
  });

  it('404 for a day without a log', async () => {
    const res = await get('/api/v1/logs/error/download/2026-02-28');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'There is no error log for that day.' });
  });

  it('422 for anything but a calendar day: no path from the client reaches the file system', async () => {
    for (const day of [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..%2Ferror-2026-03-01.log',
      '2026-03-01.log',
      '2026-03-01%00',
      '2026-02-30',
      '20260301',
      '2026-3-1',
    ]) {
      const res = await get(`/api/v1/logs/error/download/${day}`);
      expect(res.statusCode, day).toBe(422);
      expect(res.json().errors).toHaveProperty('day');
    }
    // A dot segment never even reaches the route: the router normalises it away.
    expect((await get('/api/v1/logs/error/download/%2e%2e')).statusCode).toBe(404);
  });

  it('is for logs.view holders only', async () => {
    const url = '/api/v1/logs/error/download/2026-03-01';
    expect((await request(t.app, guest(), { url })).statusCode).toBe(401);
    const plain = await createUser(t.db, { roles: ['users'] });
    expect((await request(t.app, await sessionFor(t.db, plain.id), { url })).statusCode).toBe(403);
    const viewer = await createUser(t.db, {
      roles: [],
      permissions: [{ name: 'admin.access' }, { name: ADMIN_PERMISSIONS.logsView }],
    });
    expect((await request(t.app, await sessionFor(t.db, viewer.id), { url })).statusCode).toBe(200);
  });
});

describe('the mail log (outbox driver)', () => {
  it('records each message sent, with reset links, invitation links and codes redacted', async () => {
    const to = uniqueEmail('maillog');
    const token = 'Reset-Tok_en.123~secret/+=';
    const invite = 'inviteTOKEN987654321';
    t.app.deps.mail.sendPasswordReset(to, token, 60);
    t.app.deps.mail.sendInvitation(to, invite, 7);
    t.app.deps.mail.sendVerificationCode(to, '481516', 10);
    t.app.deps.mail.sendEmailChangeCode(to, '234223', 10);
    t.app.deps.mail.sendWelcome(to, 'Abebe');
    await t.app.deps.mail.flush();

    const list = await get(
      `/api/v1/admin/mail-log?query=${encodeURIComponent(to)}&sort=created_at&order=asc`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as {
      id: number;
      to: string;
      subject: string;
      status: string;
      driver: string;
    }[];
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toMatchObject({ to, status: 'sent', driver: 'outbox' });
    expect(rows.map((r) => r.subject)).toContain('Zema: reset your password');

    const stored = await t.db.select().from(mailLog).where(eq(mailLog.toAddress, to));
    const everything = JSON.stringify(stored);
    for (const secret of [token, encodeURIComponent(token), invite, '481516', '234223'])
      expect(everything, secret).not.toContain(secret);

    const reset = rows.find((r) => r.subject.includes('reset your password'))!;
    const message = await get(`/api/v1/admin/mail-log/${reset.id}`);
    expect(message.statusCode).toBe(200);
    const mail = message.json().mail;
    expect(mail.text).toContain('http://localhost:8080/password/reset/[redacted]?email=');
    expect(mail.html).toContain('/password/reset/[redacted]?email=');
    expect(mail.from).toBe('"Zema" <no-reply@localhost>');
    // What is not secret stays, so the admin sees what the user got.
    expect(mail.text).toContain('This password reset link will expire in 60 minutes.');
    const code = rows.find((r) => r.subject.includes('verification code'))!;
    expect((await get(`/api/v1/admin/mail-log/${code.id}`)).json().mail.text).toContain('[redacted]');
    const welcome = rows.find((r) => r.subject.startsWith('Welcome'))!;
    expect((await get(`/api/v1/admin/mail-log/${welcome.id}`)).json().mail.text).toContain('Welcome, Abebe!');
  });

  it('exports the filtered log as CSV without the bodies, for logs.view holders only', async () => {
    const to = uniqueEmail('mailcsv');
    t.app.deps.mail.sendWelcome(to, 'Abebe');
    t.app.deps.mail.sendWelcome(uniqueEmail('mailcsv-other'), 'Abebe');
    await t.app.deps.mail.flush();
    const res = await get(`/api/v1/admin/mail-log/export?query=${encodeURIComponent(to)}&status=sent`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="mail-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = res.body.trimEnd().split('\r\n');
    expect(header).toBe('id,created_at,to,subject,status,error,driver,message_id');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`,${to},Welcome`);
    expect(res.body).not.toContain('Welcome, Abebe!');
    expect(
      (await get(`/api/v1/admin/mail-log/export?query=${encodeURIComponent(to)}&status=failed`)).body,
    ).toBe(`${header}\r\n`);
    const plain = await sessionFor(t.db, (await createUser(t.db)).id);
    const denied = await request(t.app, plain, { url: '/api/v1/admin/mail-log/export' });
    expect(denied.statusCode).toBe(403);
  });

  it(`keeps ${MAIL_LOG_DAYS} days: each message sent drops those older`, async () => {
    const to = uniqueEmail('maillog-old');
    const [old, recent] = await t.db
      .insert(mailLog)
      .values(
        [MAIL_LOG_DAYS + 1, MAIL_LOG_DAYS - 1].map((days) => ({
          toAddress: to,
          fromAddress: 'no-reply@localhost',
          subject: `${days} days ago`,
          status: 'sent',
          driver: 'outbox',
          text: '',
          html: '',
          createdAt: new Date(Date.now() - days * 86_400_000),
        })),
      )
      .returning({ id: mailLog.id });
    t.app.deps.mail.sendWelcome(uniqueEmail('maillog-new'), 'Abebe');
    await t.app.deps.mail.flush();
    const left = await t.db.select({ id: mailLog.id }).from(mailLog).where(eq(mailLog.toAddress, to));
    expect(left.map((r) => r.id)).toEqual([recent!.id]);
    expect(old!.id).not.toBe(recent!.id);
  });

  it('filters by status, and 404 for a message that is not there', async () => {
    const sent = (await get('/api/v1/admin/mail-log?status=sent')).json();
    expect(sent.total).toBeGreaterThanOrEqual(5);
    expect((await get('/api/v1/admin/mail-log?status=failed')).json().total).toBe(0);
    expect((await get('/api/v1/admin/mail-log?status=queued')).statusCode).toBe(422);
    expect((await get('/api/v1/admin/mail-log/999999')).statusCode).toBe(404);
  });
});

describe('the mail log (SMTP driver)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(() => smtp.close());
  const good = useApp(() => ({ MAIL_URL: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}` }));
  const bad = useApp(() => ({ MAIL_URL: `smtp://mailer:wrong@127.0.0.1:${smtp.port}` }));

  it('records a sent message with its message id, and a refused one as failed with the reason', async () => {
    const to = uniqueEmail('smtplog');
    good.app.deps.mail.sendPasswordReset(to, 'smtpResetToken42', 60);
    await good.app.deps.mail.flush();
    const [sent] = await good.db.select().from(mailLog).where(eq(mailLog.toAddress, to));
    expect(sent).toMatchObject({ status: 'sent', driver: 'smtp', error: null });
    expect(sent!.messageId).toBeTruthy();
    expect(sent!.text).not.toContain('smtpResetToken42');
    // The SMTP server got the real link: only the log is redacted.
    expect(smtp.received.find((m) => m.to.includes(to))!.raw).toContain('smtpResetToken42');

    bad.app.deps.mail.sendVerificationCode(to, '909090', 10);
    await bad.app.deps.mail.flush();
    const [failed] = await bad.db.select().from(mailLog).where(eq(mailLog.toAddress, to));
    expect(failed).toMatchObject({ status: 'failed', driver: 'smtp', messageId: null });
    expect(failed!.error).toMatch(/auth|invalid/i);
    expect(JSON.stringify(failed)).not.toContain('909090');
    const viewer = await sessionFor(bad.db, await adminUserId(bad.db));
    const list = await request(bad.app, viewer, { url: '/api/v1/admin/mail-log?status=failed' });
    expect(list.json().data[0]).toMatchObject({ to, status: 'failed' });
  });
});
