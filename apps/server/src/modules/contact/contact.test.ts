// Both drivers: row claims (FOR UPDATE SKIP LOCKED), rate limits in Redis or in memory, CSV export.
import { ADMIN_PERMISSIONS, GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { CONTACT_SENT_MESSAGE } from '@zema/contracts/contact/contact';
import type { ContactMessage } from '@zema/contracts/contact/contact-admin';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_RATE_LIMITS } from '#src/http/rate-limits';
import { auditLog } from '#src/modules/audit/tables';
import { mailLog } from '#src/modules/mail/tables';
import type { OutgoingMail } from '#src/platform/mail';
import {
  Client,
  createUser,
  guest,
  randomIp,
  sessionFor,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  useApp,
} from '#test/helpers';
import { startVerifier } from '#test/human-verification';
import { outboxFor, settled } from '#test/mail';
import { contactMessages } from './contact.tables';
import { CONTACT_MAIL_RETRY, retryContactMails, retryDelayMs, sendContactMails } from './contact-mail';

let verifier: Awaited<ReturnType<typeof startVerifier>>;
beforeAll(async () => {
  verifier = await startVerifier();
});
afterAll(() => verifier.close());

const t = useApp(() => ({
  HUMAN_VERIFICATION_SECRET: 'stand-in-secret',
  HUMAN_VERIFICATION_VERIFY_URL: verifier.url,
}));
let admin: Client;

beforeAll(async () => {
  admin = new Client(t.app);
  const res = await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(res.statusCode).toBe(200);
});
afterEach(() => vi.restoreAllMocks());

const uid = () => Math.random().toString(36).slice(2, 10);
const CONTACT = '/api/v1/contact-page';
const ADMIN_LIST = '/api/v1/admin/contact-messages';

const message = (patch: Record<string, unknown> = {}) => ({
  name: 'Abebe Kebede',
  email: `sender-${uid()}@example.test`,
  message: `Hello, can I book the band? ${uid()}`,
  ...patch,
});

async function rowOf(email: string) {
  const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
  return row;
}

/** The mails to `to` whose text carries `token` (each message body is unique). */
async function mailsTo(to: string, token: string) {
  return (await outboxFor(t.app, to)).filter((m) => m.body.includes(token));
}

/** Makes the transport refuse the mails `fails` picks, as an SMTP server that is down would. */
function failMail(fails: (mail: OutgoingMail) => boolean) {
  const { mailer } = t.deps.mail;
  const send = mailer.send.bind(mailer);
  return vi.spyOn(mailer, 'send').mockImplementation(async (mail) => {
    if (fails(mail)) throw new Error('connect ECONNREFUSED smtp://mailer:s3cret-pass@mail.example:587');
    return send(mail);
  });
}

describe('POST contact-page (SPEC §7)', () => {
  it('refuses a missing or overlong field with 422 and SPEC §8 field errors, storing nothing', async () => {
    const empty = await new Client(t.app).post(CONTACT, {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'message', 'name']);
    expect(empty.json().message).toEqual(expect.any(String));

    const email = `long-${uid()}@example.test`;
    const long = await new Client(t.app).post(CONTACT, {
      name: 'n'.repeat(101),
      email,
      message: 'm'.repeat(5001),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({
      name: ['The name may have at most 100 characters.'],
      message: ['The message may have at most 5000 characters.'],
    });
    const badEmail = await new Client(t.app).post(CONTACT, message({ email: 'not-an-email' }));
    expect(badEmail.json().errors.email).toEqual(['Enter a valid email address.']);
    const twoLines = await new Client(t.app).post(CONTACT, message({ name: 'A\r\nBcc: x@example.test' }));
    expect(twoLines.json().errors.name).toEqual(['The name must be on one line.']);
    expect(await rowOf(email)).toBeUndefined();
  });

  it('stores the message, mails it to the admin with Reply-To the sender, and sends the sender a copy', async () => {
    const body = message({ message: `Line one\nLine <b>two</b> ${uid()}` });
    const visitor = new Client(t.app);
    const res = await visitor.post(CONTACT, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: CONTACT_SENT_MESSAGE });
    const stored = await rowOf(body.email);
    expect(stored).toMatchObject({ name: body.name, message: body.message, language: 'en', ip: visitor.ip });

    await settled(t.app);
    const token = body.message.split(' ').pop()!;
    const [toAdmin] = await mailsTo(TEST_ADMIN_EMAIL, token);
    expect(toAdmin?.body).toMatch(new RegExp(`^Reply-To: ${body.email}`, 'mi'));
    expect(toAdmin?.body).toMatch(/^Subject: Zema: message from Abebe Kebede/m);
    // The sender's words are text: escaped in the HTML part, never markup.
    expect(toAdmin?.body).toContain('Line &lt;b&gt;two&lt;/b&gt;');
    expect(toAdmin?.body).toContain('http://localhost:8080/admin/contact-messages');
    const [copy] = await mailsTo(body.email, token);
    expect(copy?.body).toMatch(/^Subject: Zema: we received your message/m);
    expect(copy?.body).not.toMatch(/^Reply-To:/m);

    expect(await rowOf(body.email)).toMatchObject({
      mailStatus: 'sent',
      mailAttempts: 1,
      mailNextAttemptAt: null,
      notifiedTo: TEST_ADMIN_EMAIL,
    });
  });

  it("keeps a signed-in sender's account, and writes the copy in the sender's language", async () => {
    const user = await createUser(t.db, { roles: ['users'] });
    const signedIn = await sessionFor(t.db, user.id);
    const body = message();
    expect((await signedIn.inject({ method: 'POST', url: CONTACT, payload: body }, t.app)).statusCode).toBe(
      200,
    );
    expect((await rowOf(body.email))?.userId).toBe(user.id);

    const amharic = message();
    const visitor = new Client(t.app);
    visitor.cookies.set(GUEST_LOCALE_COOKIE, 'am');
    expect((await visitor.post(CONTACT, amharic)).statusCode).toBe(200);
    expect((await rowOf(amharic.email))?.language).toBe('am');
    await settled(t.app);
    // The mail log keeps the copy as sent (the .eml's Amharic is encoded).
    const [copy] = await t.db.select().from(mailLog).where(eq(mailLog.toAddress, amharic.email));
    expect(copy?.subject).toBe('Zema፦ መልእክትዎ ደርሶናል');
    expect(copy?.text).toContain(amharic.message);
    // The site's copy stays in the site's language.
    const [notice] = await mailsTo(TEST_ADMIN_EMAIL, amharic.message.split(' ').pop()!);
    expect(notice?.body).toMatch(/^Subject: Zema: message from Abebe Kebede/m);
  });

  it('limits messages per IP address and per email, answering 429 with Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < CONTACT_RATE_LIMITS.perIpPerHour; i++)
      expect((await new Client(t.app, { ip }).post(CONTACT, message())).statusCode).toBe(200);
    const overIp = await new Client(t.app, { ip }).post(CONTACT, message());
    expect(overIp.statusCode).toBe(429);
    expect(Number(overIp.headers['retry-after'])).toBeGreaterThan(0);
    expect(overIp.json().errors.message[0]).toMatch(/^Too many messages from your network\./);
    // Another address is not held back.
    expect((await new Client(t.app).post(CONTACT, message())).statusCode).toBe(200);

    const email = `limited-${uid()}@example.test`;
    for (let i = 0; i < CONTACT_RATE_LIMITS.perEmailPerHour; i++)
      expect((await new Client(t.app).post(CONTACT, message({ email }))).statusCode).toBe(200);
    const overEmail = await new Client(t.app).post(CONTACT, message({ email: email.toUpperCase() }));
    expect(overEmail.statusCode).toBe(429);
    expect(overEmail.json()).toEqual({
      message: expect.stringMatching(/^Too many messages from this email address\./),
      errors: { email: [expect.stringMatching(/^Too many messages from this email address\./)] },
    });
    await settled(t.app);
  });

  describe('with human verification required', () => {
    beforeAll(async () => {
      await t.deps.settings.set('human_verification', {
        provider: 'recaptcha',
        site_key: 'public-site-key',
        register: false,
        contact: true,
      });
    });
    afterAll(async () => {
      await t.deps.settings.set('human_verification', {
        provider: null,
        site_key: null,
        register: false,
        contact: false,
      });
    });

    it('refuses a message without a passing token, and takes one from a verified browser', async () => {
      const visitor = new Client(t.app);
      const refused = message();
      const res = await visitor.post(CONTACT, refused);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ recaptcha: ['Could not verify you are human.'] });
      const bot = await visitor.post(CONTACT, { ...refused, recaptcha_token: 'bot' });
      expect(bot.statusCode).toBe(422);
      expect(await rowOf(refused.email)).toBeUndefined();

      const withToken = message({ recaptcha_token: 'human-1' });
      expect((await new Client(t.app).post(CONTACT, withToken)).statusCode).toBe(200);
      expect(await rowOf(withToken.email)).toBeDefined();

      const verified = new Client(t.app);
      expect((await verified.post('/api/v1/recaptcha/verify', { token: 'human-2' })).json()).toEqual({
        success: true,
      });
      expect((await verified.post(CONTACT, message())).statusCode).toBe(200);
      await settled(t.app);
    });
  });
});

describe('when mail fails', () => {
  it('answers success once stored, and the task retries with backoff until both mails went out', async () => {
    const spy = failMail(() => true);
    const body = message();
    const token = body.message.split(' ').pop()!;
    expect((await new Client(t.app).post(CONTACT, body)).statusCode).toBe(200);
    await settled(t.app);
    const failed = (await rowOf(body.email))!;
    expect(failed).toMatchObject({
      mailStatus: 'failed',
      mailAttempts: 1,
      notifiedAt: null,
      copySentAt: null,
    });
    // Why it failed, without the transport's credentials.
    expect(failed.mailLastError).toContain('ECONNREFUSED');
    expect(failed.mailLastError).not.toContain('s3cret-pass');
    expect(failed.mailLastError).not.toContain('mailer:');
    const firstRetry = failed.mailNextAttemptAt!.getTime();
    expect(firstRetry - failed.createdAt.getTime()).toBeGreaterThanOrEqual(retryDelayMs(1) - 1000);

    // Not due yet: nothing is tried.
    const sendsBefore = spy.mock.calls.length;
    await retryContactMails(t.deps, new Date(firstRetry - 1000));
    expect(spy.mock.calls.length).toBe(sendsBefore);

    // Due and still failing: the wait doubles.
    const second = new Date(firstRetry + 1000);
    expect(await retryContactMails(t.deps, second)).toBe(0);
    const again = (await rowOf(body.email))!;
    expect(again.mailAttempts).toBe(2);
    expect(again.mailNextAttemptAt!.getTime()).toBe(second.getTime() + retryDelayMs(2));

    // Mail works again: the next run sends both.
    spy.mockRestore();
    expect(
      await retryContactMails(t.deps, new Date(again.mailNextAttemptAt!.getTime() + 1000)),
    ).toBeGreaterThan(0);
    expect(await rowOf(body.email)).toMatchObject({
      mailStatus: 'sent',
      mailAttempts: 3,
      mailNextAttemptAt: null,
      mailLastError: null,
    });
    expect(await mailsTo(TEST_ADMIN_EMAIL, token)).toHaveLength(1);
    expect(await mailsTo(body.email, token)).toHaveLength(1);
  });

  it('sends again only the mail that failed', async () => {
    const body = message();
    const token = body.message.split(' ').pop()!;
    failMail((mail) => mail.to === body.email);
    expect((await new Client(t.app).post(CONTACT, body)).statusCode).toBe(200);
    await settled(t.app);
    const half = (await rowOf(body.email))!;
    expect(half.mailStatus).toBe('failed');
    expect(half.notifiedAt).not.toBeNull();
    expect(half.copySentAt).toBeNull();

    vi.restoreAllMocks();
    await retryContactMails(t.deps, new Date(half.mailNextAttemptAt!.getTime() + 1000));
    expect((await rowOf(body.email))?.mailStatus).toBe('sent');
    expect(await mailsTo(TEST_ADMIN_EMAIL, token)).toHaveLength(1);
    expect(await mailsTo(body.email, token)).toHaveLength(1);
  });

  it('lets one caller claim a message at a time, and stops trying after the last attempt', async () => {
    const body = message();
    const [row] = await t.db
      .insert(contactMessages)
      // Due now by this process's clock: the column's default is the database's now(), which has
      // microseconds and can fall after a JavaScript Date of the same millisecond.
      .values({
        name: body.name,
        email: body.email,
        message: body.message,
        language: 'en',
        mailNextAttemptAt: new Date(),
      })
      .returning();
    const results = await Promise.all([sendContactMails(t.deps, row!.id), sendContactMails(t.deps, row!.id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await settled(t.app);
    expect(await mailsTo(body.email, body.message.split(' ').pop()!)).toHaveLength(1);

    const last = message();
    const [tired] = await t.db
      .insert(contactMessages)
      .values({
        name: last.name,
        email: last.email,
        message: last.message,
        language: 'en',
        mailAttempts: CONTACT_MAIL_RETRY.maxAttempts - 1,
        mailNextAttemptAt: new Date(),
      })
      .returning();
    failMail(() => true);
    expect(await sendContactMails(t.deps, tired!.id)).toBe(false);
    expect(await rowOf(last.email)).toMatchObject({
      mailStatus: 'failed',
      mailAttempts: CONTACT_MAIL_RETRY.maxAttempts,
      mailNextAttemptAt: null,
    });
    vi.restoreAllMocks();
    // The admin tries again by hand.
    const retried = await admin.post(`${ADMIN_LIST}/${tired!.id}/retry-mail`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message.mail.status).toBe('sent');
    expect((await admin.post(`${ADMIN_LIST}/${tired!.id}/retry-mail`)).statusCode).toBe(409);
  });
});

describe("the admin's contact messages", () => {
  async function sent(patch: Record<string, unknown> = {}): Promise<ContactMessage> {
    const body = message(patch);
    expect((await new Client(t.app).post(CONTACT, body)).statusCode).toBe(200);
    const row = (await rowOf(body.email as string))!;
    return (await admin.get(`${ADMIN_LIST}/${row.id}`)).json().message;
  }

  it('lists, searches and filters messages, newest first, with the unread count', async () => {
    const first = await sent({ name: `Selam ${uid()}` });
    const second = await sent();
    const list = await admin.get(ADMIN_LIST);
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((m: ContactMessage) => m.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.json().unread).toBeGreaterThanOrEqual(2);

    const byName = await admin.get(`${ADMIN_LIST}?query=${encodeURIComponent(first.name)}`);
    expect(byName.json().data.map((m: ContactMessage) => m.id)).toEqual([first.id]);
    const byWords = await admin.get(`${ADMIN_LIST}?query=${first.message.split(' ').pop()}`);
    expect(byWords.json().data.map((m: ContactMessage) => m.id)).toEqual([first.id]);
    expect((await admin.get(`${ADMIN_LIST}?status=maybe`)).statusCode).toBe(422);
    expect((await admin.get(`${ADMIN_LIST}?perPage=1&page=2`)).json()).toMatchObject({
      current_page: 2,
      per_page: 1,
    });
  });

  it('marks a message read when opened and unread again, and deletes it after the audit', async () => {
    const m = await sent();
    expect(m.read_at).toBeNull();
    const read = await admin.post(`${ADMIN_LIST}/mark-read`, { ids: [m.id], read: true });
    expect(read.json()).toEqual({ message: 'Marked 1 message as read.', count: 1 });
    const opened = (await admin.get(`${ADMIN_LIST}/${m.id}`)).json().message;
    expect(opened.read_at).not.toBeNull();
    const readIds = (await admin.get(`${ADMIN_LIST}?status=read&perPage=100`))
      .json()
      .data.map((x: ContactMessage) => x.id);
    expect(readIds).toContain(m.id);
    // Marking read again keeps when it was first read.
    await admin.post(`${ADMIN_LIST}/mark-read`, { ids: [m.id], read: true });
    expect((await admin.get(`${ADMIN_LIST}/${m.id}`)).json().message.read_at).toBe(opened.read_at);

    await admin.post(`${ADMIN_LIST}/mark-read`, { ids: [m.id], read: false });
    const unreadIds = (await admin.get(`${ADMIN_LIST}?status=unread&perPage=100`))
      .json()
      .data.map((x: ContactMessage) => x.id);
    expect(unreadIds).toContain(m.id);

    const deleted = await admin.post(`${ADMIN_LIST}/bulk-delete`, { ids: [m.id] });
    expect(deleted.json()).toEqual({ message: 'Deleted 1 message.', count: 1 });
    expect((await admin.get(`${ADMIN_LIST}/${m.id}`)).statusCode).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contact_message.delete'), eq(auditLog.targetId, String(m.id))));
    expect(entry?.targetLabel).toBe(`${m.name} <${m.email}>`);
  });

  it('exports the filtered list as CSV, quoting cells and defusing spreadsheet formulas', async () => {
    const tag = uid();
    const risky = await sent({ name: `=HYPERLINK("http://evil.test") ${tag}`, message: '+1, "quoted"\n-2' });
    const at = await sent({ name: `@SUM(A1) ${tag}` });
    const res = await admin.get(`${ADMIN_LIST}/export?query=${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('id,created_at,name,email,message,read_at,mail_status,language');
    expect(res.body).toContain(`${risky.id},`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"") ${tag}"`);
    expect(res.body).toContain(`"'+1, ""quoted""\n-2"`);
    expect(res.body).toContain(`'@SUM(A1) ${tag}`);
    expect(res.body).toContain(`${at.id},`);
    // Only the filter's rows.
    expect(lines.filter((l) => /^\d+,/.test(l))).toHaveLength(2);
  });

  it('keeps the admin routes to holders of the contact permissions', async () => {
    const m = await sent();
    const user = await sessionFor(t.db, (await createUser(t.db, { roles: ['users'] })).id);
    const routes: [string, string, unknown?][] = [
      ['GET', ADMIN_LIST],
      ['GET', `${ADMIN_LIST}/export`],
      ['GET', `${ADMIN_LIST}/${m.id}`],
      ['POST', `${ADMIN_LIST}/mark-read`, { ids: [m.id], read: true }],
      ['POST', `${ADMIN_LIST}/bulk-delete`, { ids: [m.id] }],
      ['POST', `${ADMIN_LIST}/${m.id}/retry-mail`, {}],
    ];
    for (const [method, url, payload] of routes) {
      const asUser = await user.inject({ method: method as 'GET', url, payload: payload as object }, t.app);
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      const asGuest = await guest().inject(
        { method: method as 'GET', url, payload: payload as object },
        t.app,
      );
      expect(asGuest.statusCode, `${method} ${url}`).toBe(401);
    }
    // Reading is one permission, deleting another.
    const reader = await sessionFor(
      t.db,
      (await createUser(t.db, { roles: [], permissions: [{ name: ADMIN_PERMISSIONS.contactMessagesView }] }))
        .id,
    );
    expect((await reader.inject({ url: ADMIN_LIST }, t.app)).statusCode).toBe(200);
    const readerDelete = await reader.inject(
      { method: 'POST', url: `${ADMIN_LIST}/bulk-delete`, payload: { ids: [m.id] } },
      t.app,
    );
    expect(readerDelete.statusCode).toBe(403);
    expect((await admin.get(`${ADMIN_LIST}/${m.id}`)).statusCode).toBe(200);
  });
});

describe('the contact address setting', () => {
  it("defaults to the first admin's email, and messages go to the address the admin sets", async () => {
    const view = (await admin.get('/api/v1/settings')).json();
    expect(view.server.contact).toEqual({ address: null, default_address: TEST_ADMIN_EMAIL });

    const inbox = `hello-${uid()}@example.test`;
    const saved = await admin.post('/api/v1/settings', { 'server.contact.address': inbox });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().server.contact.address).toBe(inbox);
    expect((await admin.post('/api/v1/settings', { 'server.contact.address': 'nope' })).statusCode).toBe(422);

    const body = message();
    expect((await new Client(t.app).post(CONTACT, body)).statusCode).toBe(200);
    await settled(t.app);
    const token = body.message.split(' ').pop()!;
    expect(await mailsTo(inbox, token)).toHaveLength(1);
    expect(await mailsTo(TEST_ADMIN_EMAIL, token)).toHaveLength(0);
    expect((await rowOf(body.email))?.notifiedTo).toBe(inbox);

    await admin.post('/api/v1/settings', { 'server.contact.address': null });
  });
});
