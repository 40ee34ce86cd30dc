import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '#test/helpers';
import { ConfigError, describeEnv, ENV_GROUPS, envSchema, loadConfig } from './config';

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      appUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      redisUrl: undefined,
      debug: false,
      adminEmail: 'admin@zema.local',
      adminPassword: undefined,
      demo: false,
      trustProxy: [],
      logLevel: 'info',
      registrationLimits: { perIpPerHour: 20, perDomainPerMinute: 10 },
    });
    expect(isAbsolute(c.dataDir)).toBe(true);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.webDistDir.endsWith('apps/web/dist')).toBe(true);
  });

  it('puts REDIS_PREFIX and a colon before every Redis key and channel, and refuses one that is not a plain name', () => {
    expect(loadConfig({}).redisPrefix).toBe('');
    expect(loadConfig({ REDIS_PREFIX: ' music-a ' }).redisPrefix).toBe('music-a:');
    for (const bad of ['a:b', 'a b', '-a', 'x'.repeat(33)]) {
      expect(() => loadConfig({ REDIS_PREFIX: bad }), bad).toThrow(ConfigError);
    }
  });

  it('logs readable lines to a terminal outside production, JSON lines otherwise, unless LOG_FORMAT says', () => {
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({}, { tty: true }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production' }, { tty: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, { tty: true }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      APP_URL: 'https://music.example.com/',
      DATA_DIR: '/var/lib/zema',
      DATABASE_URL: 'postgres://u:p@db:5432/zema',
      REDIS_URL: 'redis://cache:6379',
      APP_DEBUG: 'true',
      ADMIN_EMAIL: 'Owner@Example.com',
      ADMIN_PASSWORD: 'correct horse',
      MAIL_URL: 'smtp://mail:25',
      MAIL_FROM: '"Zema" <hello@example.com>',
      HUMAN_VERIFICATION_SECRET: 'hv-secret',
      HUMAN_VERIFICATION_VERIFY_URL: 'http://verify.local/siteverify',
      DEMO_MODE: '1',
      TRUST_PROXY: '10.0.0.1, 192.168.0.0/16',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/srv/web',
      REGISTRATION_LIMIT_PER_IP: '0',
      REGISTRATION_LIMIT_PER_DOMAIN: '50',
    });
    expect(c).toMatchObject({
      port: 9000,
      appUrl: 'https://music.example.com',
      dataDir: '/var/lib/zema',
      databaseUrl: 'postgres://u:p@db:5432/zema',
      redisUrl: 'redis://cache:6379',
      debug: true,
      adminEmail: 'owner@example.com',
      adminPassword: 'correct horse',
      mailUrl: 'smtp://mail:25',
      mailFrom: '"Zema" <hello@example.com>',
      humanVerification: { secret: 'hv-secret', verifyUrl: 'http://verify.local/siteverify' },
      demo: true,
      trustProxy: ['10.0.0.1', '192.168.0.0/16'],
      logLevel: 'warn',
      webDistDir: '/srv/web',
      registrationLimits: { perIpPerHour: 0, perDomainPerMinute: 50 },
    });
    expect(loadConfig({ PORT: '3000' }).appUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    { PORT: 'eighty' },
    { APP_DEBUG: 'maybe' },
    { DATABASE_URL: 'mysql://x' },
    { ADMIN_EMAIL: 'nope' },
    { ADMIN_PASSWORD: 'short' },
    { LOG_LEVEL: 'loud' },
    { MAIL_URL: 'http://mail' },
    { HUMAN_VERIFICATION_VERIFY_URL: 'not a url' },
    { REGISTRATION_LIMIT_PER_IP: '-1' },
    { REGISTRATION_LIMIT_PER_DOMAIN: 'many' },
  ])('rejects %o with a readable message', (env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(Object.keys(env)[0]!));
  });
});

it("lists every problem at once, each variable's own and those between variables", () => {
  const env = {
    PORT: 'eighty',
    LOG_LEVEL: 'loud',
    VAPID_PUBLIC_KEY: 'only-one-half',
    S3_BUCKET: 'music',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    JOB_ENGINE: 'redis',
  };
  let message = '';
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    message = (err as Error).message;
  }
  for (const line of [
    'PORT:',
    'LOG_LEVEL:',
    'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
    'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither',
    'JOB_ENGINE: redis needs REDIS_URL',
  ]) {
    expect(message).toContain(line);
  }
  expect(() => loadConfig({ JOB_ENGINE: 'postgres' })).toThrow(/JOB_ENGINE: postgres needs DATABASE_URL/);
  // Production on PostgreSQL: every instance must open the others' sealed secrets (decision 0062).
  const postgres = { DATABASE_URL: 'postgres://zema@127.0.0.1/zema' };
  expect(() => loadConfig({ ...postgres, NODE_ENV: 'production' })).toThrow(
    /APP_KEY: required with DATABASE_URL when NODE_ENV=production/,
  );
  const appKey = 'k'.repeat(32);
  expect(loadConfig({ ...postgres, NODE_ENV: 'production', APP_KEY: appKey }).appKey).toBe(appKey);
  expect(loadConfig(postgres).appKey).toBeUndefined();
  expect(loadConfig({ NODE_ENV: 'production' }).appKey).toBeUndefined();
  expect(loadConfig({ JOB_ENGINE: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' }).jobEngine).toBe('redis');
});

describe('the schema documents every variable (npm run config:docs writes it out)', () => {
  const variables = describeEnv();

  it('gives each variable a group and a description', () => {
    expect(variables.map((v) => v.name)).toEqual(Object.keys(envSchema.shape));
    for (const v of variables) {
      expect(ENV_GROUPS, v.name).toContain(v.group);
      expect(v.description.length, v.name).toBeGreaterThan(5);
    }
  });

  it('documents the default the schema applies, and what happens otherwise', () => {
    for (const v of variables) {
      const applied = envSchema.shape[v.name as keyof typeof envSchema.shape].parse(undefined);
      if (v.default !== undefined) expect(String(applied), v.name).toBe(v.default);
      else expect([undefined, false], v.name).toContain(applied);
      // Exactly one of them says what an unset variable means.
      expect(v.default === undefined, v.name).toBe(v.unset !== undefined);
    }
  });

  it('accepts every example it shows', () => {
    for (const v of variables.filter((x) => x.example !== undefined)) {
      expect(() => loadConfig({ [v.name]: v.example }), v.name).not.toThrow();
    }
  });
});

describe('VAPID keys', () => {
  it('are set as a pair or not at all; the subject defaults to the admin email', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'abc' })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    const both = loadConfig({
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      ADMIN_EMAIL: 'Ops@Example.com',
    });
    expect(both.vapid).toEqual({ publicKey: 'pub', privateKey: 'priv' });
    expect(both.vapidSubject).toBe('mailto:ops@example.com');
    expect(loadConfig({ VAPID_SUBJECT: 'https://music.example.com/contact' }).vapidSubject).toBe(
      'https://music.example.com/contact',
    );
    expect(loadConfig({}).vapid).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  // One app per case: each builds its own server, so a busy machine cannot push three builds past
  // one test's time limit.
  it.each([
    ['', '127.0.0.1'],
    ['127.0.0.1', '203.0.113.9'],
    ['10.9.9.9', '127.0.0.1'],
  ] as const)('with TRUST_PROXY=%j, the client address is %s', async (trust, expected) => {
    const t = await buildTestApp({ TRUST_PROXY: trust });
    try {
      t.app.get('/api/v1/test/ip', { config: { access: 'guest' } }, async (req) => ({ ip: req.ip }));
      const res = await t.app.inject({
        url: '/api/v1/test/ip',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.json().ip).toBe(expected);
      // Behind a trusted TLS-terminating proxy the cookies become Secure.
      const https = await t.app.inject({
        url: '/api/v1/test/ip',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      const xsrf = https.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(xsrf?.secure ?? false).toBe(trust === '127.0.0.1');
    } finally {
      await t.close();
    }
  });
});
