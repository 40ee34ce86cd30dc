// Both drivers: the shape of each driver's database error in the log.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { scrubText, scrubUrl, serializeError } from '#src/lib/redact';
import { sha256Hex } from '#src/lib/tokens';
import { users } from '#src/modules/users/tables';
import { createUser, guest, request, sessionFor, tokenFor, useApp } from '#test/helpers';

/**
 * RELIABILITY: passwords, hashes, tokens and secrets never reach a log. A battery of failing
 * requests — including queries that really fail in the database with those values bound — runs
 * against an app whose log stream is captured; then the stream and the error log files are
 * searched for every secret value involved.
 */

const PASSWORD = `Correct-Horse-${randomBytes(4).toString('hex')}`;
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
// The install key that seals stored secrets (APP_KEY), were code to log a config or a body with it.
const APP_KEY = randomBytes(32).toString('base64url');
const RECOVERY_CODE = `${randomBytes(8).toString('hex').slice(0, 10)}-${randomBytes(8).toString('hex').slice(0, 10)}`;
const RESET_TOKEN = randomBytes(32).toString('base64url');
// A workspace invitation's id is its secret: whoever has it may join (SPEC §7 workspace/join/{inviteId}).
const INVITE_ID = randomBytes(24).toString('base64url');

const t = useApp({ LOG_LEVEL: 'trace' }, { logStream: { write: (line: string) => void stream.push(line) } });
const stream: string[] = [];
const secrets: Record<string, string> = {};
let email = '';

beforeAll(async () => {
  const user = await createUser(t.db, { password: PASSWORD });
  email = user.email;
  const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  const token = await tokenFor(t.db, user.id);
  const session = await sessionFor(t.db, user.id);
  Object.assign(secrets, {
    password: PASSWORD,
    passwordHash: row!.hash!,
    // The salt and digest of the hash alone must not leak either.
    hashDigest: row!.hash!.split('$').at(-1)!,
    token: token.token,
    tokenSecret: token.token.split('|')[1]!,
    tokenHash: sha256Hex(token.token.split('|')[1]!),
    sessionCookie: /zema_session=([^;]+)/.exec(session.headers.cookie!)![1]!,
    xsrf: session.headers['x-xsrf-token']!,
    totpSecret: TOTP_SECRET,
    appKey: APP_KEY,
    recoveryCode: RECOVERY_CODE,
    resetToken: RESET_TOKEN,
    inviteId: INVITE_ID,
  });

  // A query that fails on the server's side (500, error log) with every secret bound to it.
  t.app.get('/api/v1/test/leaky-failure', { config: { access: 'guest' } }, async () =>
    t.db.execute(
      sql`select * from no_such_table where a = ${secrets.passwordHash} and b = ${email} and c = ${secrets.token}
        and d = ${TOTP_SECRET} and e = ${RECOVERY_CODE} and f = ${PASSWORD} and g = ${secrets.tokenHash}`,
    ),
  );
  // The failing registration of the review: an insert refused by the database (NUL), hash bound.
  t.app.get('/api/v1/test/leaky-refusal', { config: { access: 'guest' } }, async () =>
    t.db
      .insert(users)
      .values({ email: `x-${email}`, passwordHash: secrets.passwordHash, firstName: 'a\u0000b' }),
  );
  // Code that logs a request body by mistake.
  t.app.post('/api/v1/test/log-body', { config: { access: 'guest' } }, async (req) => {
    req.log.info({ payload: req.body }, 'received');
    throw new Error(`could not use ${JSON.stringify(req.body)}`);
  });

  const actor = session;
  const calls: Parameters<typeof request>[2][] = [
    { method: 'GET', url: '/api/v1/test/leaky-failure' },
    { method: 'GET', url: '/api/v1/test/leaky-refusal' },
    {
      method: 'POST',
      url: '/api/v1/test/log-body',
      payload: {
        password: PASSWORD,
        nested: { deeper: { current_password: PASSWORD, two_factor_secret: TOTP_SECRET, app_key: APP_KEY } },
        appKey: APP_KEY,
        recovery_codes: [RECOVERY_CODE],
      },
    },
    { method: 'POST', url: '/auth/login', payload: { email, password: `${PASSWORD}-wrong` } },
    { method: 'POST', url: '/auth/login', payload: { email, password: PASSWORD } },
    {
      method: 'POST',
      url: '/auth/register',
      payload: { email, password: PASSWORD, password_confirmation: `${PASSWORD}x` },
    },
    {
      method: 'POST',
      url: '/auth/reset-password',
      payload: { token: RESET_TOKEN, email, password: PASSWORD, password_confirmation: PASSWORD },
    },
    { method: 'POST', url: '/auth/two-factor-challenge', payload: { recovery_code: RECOVERY_CODE } },
    {
      method: 'PUT',
      url: '/auth/user/password',
      payload: { current_password: PASSWORD, password: 'x', password_confirmation: 'y' },
    },
    { method: 'GET', url: `/password/reset/${RESET_TOKEN}?email=${encodeURIComponent(email)}` },
    { method: 'GET', url: `/api/v1/search?query=rock&token=${secrets.token}` },
    { method: 'GET', url: `/api/v1/workspace/invites/${INVITE_ID}` },
    { method: 'GET', url: `/api/v1/workspace/join/${INVITE_ID}` },
    { method: 'DELETE', url: `/api/v1/workspace/invite/${INVITE_ID}` },
    { method: 'POST', url: `/api/v1/workspaces/1/invites/${INVITE_ID}/resend` },
    { method: 'DELETE', url: `/api/v1/workspaces/1/invites/${INVITE_ID}` },
    { method: 'GET', url: `/workspace/join/login?invite=${INVITE_ID}` },
    { method: 'GET', url: `/workspace/join/register?invite=${INVITE_ID}&email=${encodeURIComponent(email)}` },
  ];
  for (const call of calls) await request(t.app, actor, call);
  for (const call of calls) await request(t.app, guest(), call);
  await t.app.inject({ url: '/api/v1/users/me', headers: { authorization: `Bearer ${secrets.token}` } });
  await t.app.inject({ url: '/api/v1/users/me', headers: { authorization: `Bearer ${secrets.token}x` } });
  await t.app.deps.errorLog.flush();
});

async function errorLogText() {
  const dir = join(t.config.dataDir, 'logs');
  const names = await readdir(dir);
  return (await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))).join('');
}

describe('logs after a battery of failing requests', () => {
  it('recorded the failures (so the search below means something)', async () => {
    const log = stream.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('42P01');
    expect(log).toContain('database refused the request data');
    expect(log).toContain('22021');
    expect(log).toContain('/auth/login');
    const errorLog = await errorLogText();
    expect(errorLog).toContain('no_such_table');
    expect(errorLog).toContain('could not use');
  });

  it('hold no password, hash, token, cookie, TOTP secret, recovery code or app key', async () => {
    const texts = { stream: stream.join(''), errorLog: await errorLogText() };
    for (const [where, text] of Object.entries(texts)) {
      for (const [name, value] of Object.entries(secrets)) {
        expect(text.includes(value), `${name} in the ${where}`).toBe(false);
      }
      expect(text, where).not.toContain('$argon2id$');
    }
  });

  it('keep emails out of error entries and the error log', async () => {
    const errors = stream.filter((line) => JSON.parse(line).level >= 40).join('');
    expect(errors).not.toContain(email);
    expect(await errorLogText()).not.toContain(email);
  });

  it('log what failed in the database: code, table and constraint, not the values', () => {
    const refused = stream
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'database refused the request data');
    expect(refused.database).toMatchObject({ code: '22021' });
    const failed = stream.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failed.err.message).toContain('no_such_table');
    expect(failed.err).not.toHaveProperty('params');
    expect(failed.err.cause.code).toBe('42P01');
  });
});

describe('request lines', () => {
  const lines = () => stream.map((l) => JSON.parse(l));
  it('log a read once, when answered: request id, scrubbed request, status and time', () => {
    const search = lines().filter((l) => l.req?.url?.startsWith('/api/v1/search'));
    expect(search.map((l) => l.msg)).toEqual(['request completed', 'request completed']);
    for (const line of search) {
      expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(line.req).toMatchObject({ method: 'GET', url: '/api/v1/search?query=rock&token=[redacted]' });
      expect(line.res).toEqual({ statusCode: 200 });
      expect(line.responseTime).toBeGreaterThan(0);
    }
  });

  it('log a write as it arrives and when it is answered, under one request id', () => {
    const arrived = lines().filter((l) => l.msg === 'incoming request' && l.req.url === '/auth/login');
    expect(arrived).toHaveLength(4);
    expect(arrived.every((l) => l.req.method === 'POST')).toBe(true);
    const done = lines().filter((l) => l.msg === 'request completed' && l.reqId === arrived[0].reqId);
    expect(done).toHaveLength(1);
    expect(done[0].res.statusCode).toBeGreaterThanOrEqual(200);
  });
});

describe('scrubbing helpers', () => {
  it('cut secret shapes out of text', () => {
    const text = [
      'Failed query: insert into users values ($1, $2)\nparams: a@b.test,$argon2id$v=19$m=1,t=2,p=1$c2FsdA$aGFzaA',
      'Authorization: Bearer 12|abcdefghijklmnopqrstuvwxyz0123456789',
      'cookie: zema_session=s3cr3t; XSRF-TOKEN=x5rf',
      `hash ${'ab'.repeat(32)}`,
      'code AbCdEfGhIj-KlMnOpQrSt',
      'secret JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    ].join('\n');
    const out = scrubText(text, { emails: true });
    for (const leaked of [
      'a@b.test',
      'argon2',
      'c2FsdA',
      'abcdefghijklmnop',
      's3cr3t',
      'x5rf',
      'abab',
      'AbCdEfGhIj',
      'JBSWY3DP',
    ]) {
      expect(out).not.toContain(leaked);
    }
    expect(out).toContain('Failed query: insert into users values ($1, $2)');
  });

  it('cut reset tokens and secret query values out of URLs', () => {
    expect(scrubUrl('/password/reset/abc123?email=a%40b.test&x=1')).toBe(
      '/password/reset/[redacted]?email=[redacted]&x=1',
    );
    expect(scrubUrl('/secure/auth/google/callback?code=c0de&state=st4te')).toBe(
      '/secure/auth/google/callback?code=[redacted]&state=[redacted]',
    );
    expect(scrubUrl('/api/v1/search?query=rock&page=2')).toBe('/api/v1/search?query=rock&page=2');
  });

  it("cut workspace invitation ids out of URLs, in the path and the join pages' query", () => {
    for (const [url, scrubbed] of [
      ['/api/v1/workspace/join/Inv1te_Id-0123456789', '/api/v1/workspace/join/[redacted]'],
      ['/api/v1/workspace/invites/Inv1te_Id-0123456789', '/api/v1/workspace/invites/[redacted]'],
      [
        '/api/v1/workspace/invite/Inv1te_Id-0123456789?workspaceId=3',
        '/api/v1/workspace/invite/[redacted]?workspaceId=3',
      ],
      [
        '/api/v1/workspaces/7/invites/Inv1te_Id-0123456789/resend',
        '/api/v1/workspaces/7/invites/[redacted]/resend',
      ],
      ['/api/v1/workspaces/7/invites/Inv1te_Id-0123456789', '/api/v1/workspaces/7/invites/[redacted]'],
      ['/workspace/join/login?invite=Inv1te_Id-0123456789', '/workspace/join/login?invite=[redacted]'],
    ])
      expect(scrubUrl(url)).toBe(scrubbed);
    // The list of a workspace's invitations names none.
    expect(scrubUrl('/api/v1/workspaces/7/invites')).toBe('/api/v1/workspaces/7/invites');
  });

  it('serialize an error without its params and with the bound values cut from its message', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "hunter2-secret"'), {
      code: '22P02',
      severity: 'ERROR',
      table: 'users',
      detail: 'Key (email)=(a@b.test) already exists.',
    });
    const err = Object.assign(new Error('Failed query: select $1::int\nparams: hunter2-secret'), {
      params: ['hunter2-secret'],
      cause,
    });
    const out = serializeError(err);
    expect(JSON.stringify(out)).not.toContain('hunter2');
    expect(JSON.stringify(out)).not.toContain('a@b.test');
    expect(out).not.toHaveProperty('params');
    expect(out.cause).toMatchObject({ code: '22P02', table: 'users' });
  });
});
