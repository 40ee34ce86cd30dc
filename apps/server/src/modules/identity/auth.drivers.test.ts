// Both drivers: sign-up races on a unique email, and the login, sign-up and password-guess rate limits on each store.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userRole, users } from '#src/modules/users/tables';
import { uniqueEmail } from '#test/auth';
import { buildTestApp, Client, createUser, type TestApp, uniqueSuffix, useApp } from '#test/helpers';

// The tests of auth.test.ts whose answer depends on the driver: a race on the users' unique email
// and the rate limits, kept in Redis or in memory. The rest of the flow runs once (auth.test.ts).
const t = useApp();
beforeAll(async () => {
  await t.app.deps.settings.set('require_email_confirmation', false);
});

const PASSWORD = 'correct horse battery';

/**
 * The app whose limiter keeps its counts in `store`: with Redis in this run the shared app uses
 * Redis and the memory store needs an app of its own; without it, the shared app is the memory store.
 */
const appFor = async (store: string): Promise<TestApp> =>
  store === 'memory' && process.env.REDIS_URL ? await buildTestApp({ REDIS_URL: '' }) : t;

describe('POST auth/register', () => {
  it('two sign-ups with one email at once: one account, the other gets 422', async () => {
    const email = uniqueEmail('race');
    const body = { email, password: PASSWORD, password_confirmation: PASSWORD };
    const results = await Promise.all([
      new Client(t.app).post('/auth/register', body),
      new Client(t.app).post('/auth/register', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const rows = await t.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(await t.db.select().from(userRole).where(eq(userRole.userId, rows[0]!.id))).toHaveLength(1);
  });
});

describe('sign-up limits: 20 an hour per IP, 10 a minute per email domain', () => {
  // Mismatched confirmations: refused after the limiter counted them, without hashing a password.
  const attempt = (b: Client, email: string) =>
    b.post('/auth/register', { email, password: PASSWORD, password_confirmation: 'not the same' });

  it('the 21st attempt from one IP gets 429 with Retry-After and an error on email', async () => {
    const b = new Client(t.app);
    for (let i = 0; i < 20; i++) expect((await attempt(b, uniqueEmail('ip'))).statusCode).toBe(422);
    const limited = await attempt(b, uniqueEmail('ip'));
    expect(limited.statusCode).toBe(429);
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(60);
    expect(retry).toBeLessThanOrEqual(3600);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(
        /^Too many sign-ups from your network\. Please try again in \d+ seconds\.$/,
      ),
      errors: { email: [limited.json().message] },
    });
    expect((await attempt(new Client(t.app), uniqueEmail('ip'))).statusCode).toBe(422);
  });

  it('the 11th attempt in a minute with one email domain gets 429, from any IP', async () => {
    const domain = `burst-${uniqueSuffix().replace('_', '-')}.example.test`;
    for (let i = 0; i < 10; i++)
      expect((await attempt(new Client(t.app), `u${i}@${domain}`)).statusCode).toBe(422);
    // Case does not make a new domain.
    const limited = await attempt(new Client(t.app), `late@${domain.toUpperCase()}`);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json().errors.email[0]).toMatch(/^Too many sign-ups with this email domain\./);
    expect((await attempt(new Client(t.app), uniqueEmail('other-domain'))).statusCode).toBe(422);
  });

  it('of two concurrent attempts at the limit exactly one passes', async () => {
    const domain = `pair-${uniqueSuffix().replace('_', '-')}.example.test`;
    for (let i = 0; i < 9; i++) await attempt(new Client(t.app), `u${i}@${domain}`);
    const pair = await Promise.all([
      attempt(new Client(t.app), `a@${domain}`),
      attempt(new Client(t.app), `b@${domain}`),
    ]);
    expect(pair.map((r) => r.statusCode).sort()).toEqual([422, 429]);
  });
});

describe('login rate limit: 5 a minute per (email, IP)', () => {
  const stores = ['memory', ...(process.env.REDIS_URL ? ['redis'] : [])];

  it.each(stores)(
    'the 6th attempt gets 429 with Retry-After and an email error (%s store)',
    async (store) => {
      const app = await appFor(store);
      try {
        const user = await createUser(app.deps.db, { password: PASSWORD });
        const b = new Client(app.app);
        for (let i = 0; i < 5; i++) {
          expect((await b.post('/auth/login', { email: user.email, password: 'nope-nope' })).statusCode).toBe(
            422,
          );
        }
        // Even the right password: the limit is on attempts, and the email is normalised.
        const sixth = await b.post('/auth/login', {
          email: ` ${user.email.toUpperCase()} `,
          password: PASSWORD,
        });
        expect(sixth.statusCode).toBe(429);
        const retry = Number(sixth.headers['retry-after']);
        expect(retry).toBeGreaterThan(0);
        expect(retry).toBeLessThanOrEqual(60);
        expect(sixth.json().errors.email[0]).toMatch(
          /^Too many login attempts\. Please try again in \d+ seconds\.$/,
        );
        // Another IP, or another email from this IP, is not affected.
        expect(
          (await new Client(app.app).post('/auth/login', { email: user.email, password: PASSWORD }))
            .statusCode,
        ).toBe(200);
        expect((await b.post('/auth/login', { email: uniqueEmail(), password: 'x' })).statusCode).toBe(422);
      } finally {
        if (app !== t) await app.close();
      }
    },
  );

  it.each(stores)('of two concurrent requests at the limit exactly one passes (%s store)', async (store) => {
    const app = await appFor(store);
    try {
      const user = await createUser(app.deps.db, { password: PASSWORD });
      const b = new Client(app.app);
      for (let i = 0; i < 4; i++) await b.post('/auth/login', { email: user.email, password: 'nope-nope' });
      const pair = await Promise.all([
        b.post('/auth/login', { email: user.email, password: PASSWORD }),
        b.post('/auth/login', { email: user.email, password: PASSWORD }),
      ]);
      expect(pair.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    } finally {
      if (app !== t) await app.close();
    }
  });
});

describe('PUT auth/user/password', () => {
  it('allows 5 guesses a minute per user across sessions, then 429 on current_password', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const browsers = [new Client(t.app), new Client(t.app)];
    for (const b of browsers) await b.post('/auth/login', { email: user.email, password: PASSWORD });
    const change = (b: Client, current: string) =>
      b.send('PUT', '/auth/user/password', {
        current_password: current,
        password: 'the next password',
        password_confirmation: 'the next password',
      });
    // Spread over two sessions (and two addresses): the count belongs to the user.
    for (let i = 0; i < 5; i++) expect((await change(browsers[i % 2]!, `guess ${i}`)).statusCode).toBe(422);
    const sixth = await change(browsers[1]!, PASSWORD);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json().errors.current_password[0]).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds\.$/,
    );
    // A fresh session of the same user does not start a new count; another user is not affected.
    const fresh = new Client(t.app);
    await fresh.post('/auth/login', { email: user.email, password: PASSWORD });
    expect((await change(fresh, PASSWORD)).statusCode).toBe(429);
    const someoneElse = await createUser(t.db, { password: PASSWORD });
    const theirs = new Client(t.app);
    await theirs.post('/auth/login', { email: someoneElse.email, password: PASSWORD });
    expect((await change(theirs, PASSWORD)).statusCode).toBe(200);
  });
});
