// The cluster of `npm run cluster` (scripts/cluster/cluster.mjs), from the deploy files: two
// instances (src/main.ts, as systemd runs the bundle) on PostgreSQL, Redis and an S3 peer behind
// Debian's nginx with the streaming X-Accel mode. PostgreSQL leg only: it needs nginx, DATABASE_URL
// and REDIS_URL, and each instance is a process of its own (docs/testing.md: a named long scenario).
import { createHash, randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AppearanceEditorResponse, AppearanceValues } from '@zema/contracts/appearance/appearance-admin';
import type { BootstrapData } from '@zema/contracts/site/bootstrap';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { SESSION_COOKIE } from '#src/http/cookies';
import { makeWav, mp3ThenNoise } from '#test/catalogue';
import { databaseUrl, quoteIdent, withClient } from '#test/database';
import { FIXTURE_WEB_DIST, randomIp, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from '#test/helpers';
import { SseClient } from '#test/sse';
import {
  bundleIsFresh,
  type Cluster,
  type ClusterInstance,
  NGINX,
  startCluster,
} from '../../../../../scripts/cluster/cluster.mjs';

const pgTemplate = inject('pgTemplate');
const skipped = !NGINX
  ? 'nginx is not installed (Debian: apt-get install nginx)'
  : !pgTemplate || !process.env.DATABASE_URL
    ? 'the PostgreSQL leg only (ZEMA_TEST_DB=postgres with DATABASE_URL)'
    : !process.env.REDIS_URL
      ? 'needs REDIS_URL'
      : '';

/** A browser of the site: its cookies (session, XSRF pair), its client address, fetch through nginx. */
class Browser {
  readonly jar = new Map<string, string>([['XSRF-TOKEN', randomBytes(20).toString('hex')]]);
  readonly ip = randomIp();
  constructor(readonly base: string) {}

  cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  headers(unsafe: boolean): Record<string, string> {
    return {
      accept: 'application/json',
      cookie: this.cookie(),
      // nginx appends its peer (127.0.0.1, a trusted proxy) after this: the app reads this one.
      'x-forwarded-for': this.ip,
      ...(unsafe ? { 'x-xsrf-token': decodeURIComponent(this.jar.get('XSRF-TOKEN') ?? '') } : {}),
    };
  }

  async fetch(
    path: string,
    init: {
      method?: string;
      json?: unknown;
      body?: FormData | Uint8Array<ArrayBuffer>;
      headers?: Record<string, string>;
      at?: string;
    } = {},
  ) {
    const method = init.method ?? 'GET';
    const headers = { ...this.headers(method !== 'GET' && method !== 'HEAD'), ...init.headers };
    let body: string | FormData | Uint8Array<ArrayBuffer> | undefined = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${init.at ?? this.base}${path}`, { method, headers, body, redirect: 'manual' });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      this.jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }

  async signIn(email = TEST_ADMIN_EMAIL, password = TEST_ADMIN_PASSWORD) {
    const res = await this.fetch('/auth/login', {
      method: 'POST',
      json: { email, password, remember: false },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(this.jar.get(SESSION_COOKIE)).toBeTruthy();
    return res;
  }
}

/**
 * The port of the instance that answered, from nginx's `X-Zema-Upstream` ($upstream_addr):
 * `a, b` when nginx went on to the next instance, `… : store` after an X-Accel redirect.
 */
function answeredBy(header: string | null | undefined): number {
  const hop = String(header ?? '').split(' : ')[0] ?? '';
  const address = hop.split(', ').at(-1) ?? '';
  return Number(address.slice(address.lastIndexOf(':') + 1));
}

/** Claims a Redis database of its own (2–15) for this cluster: the instances' keys meet nobody's. */
async function claimRedisDatabase(
  url: string,
): Promise<{ url: string; redis: Redis; release(): Promise<void> }> {
  const id = randomBytes(8).toString('hex');
  for (let db = 2; db <= 15; db++) {
    const claimedUrl = new URL(url);
    claimedUrl.pathname = `/${db}`;
    const redis = new Redis(claimedUrl.toString(), { maxRetriesPerRequest: 1 });
    const claimed = await redis.set('zema-cluster-test:claim', id, 'EX', 3600, 'NX');
    if (claimed === 'OK' && (await redis.dbsize()) === 1) {
      return {
        url: claimedUrl.toString(),
        redis,
        async release() {
          await redis.flushdb();
          await redis.quit();
        },
      };
    }
    if (claimed === 'OK') await redis.del('zema-cluster-test:claim');
    await redis.quit();
  }
  throw new Error('no free Redis database (2–15) for the cluster test');
}

describe.skipIf(skipped)(`a cluster behind nginx${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let cluster: Cluster;
  /** Warnings and errors the instances logged (LOG_LEVEL=warn). */
  const warnings: string[] = [];
  let dropDatabase: () => Promise<void> = async () => {};
  let releaseRedis: () => Promise<void> = async () => {};
  let clusterDatabaseUrl = '';
  /** The cluster's Redis database, to watch the keys the instances set there. */
  let redis: Redis;
  // One install's prefix, its instances alike: under it they share limits, caches and events,
  // and meet no other cluster on this Redis (pub/sub channels are not per database).
  const redisPrefix = `cluster-test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL!;
    const name = `${inject('pgRunPrefix')}cluster_${randomBytes(4).toString('hex')}`;
    await withClient(serverUrl, (c) =>
      c.query(`create database ${quoteIdent(name)} template ${quoteIdent(pgTemplate)}`),
    );
    dropDatabase = () =>
      withClient(serverUrl, async (c) => {
        await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      });
    clusterDatabaseUrl = databaseUrl(serverUrl, name);
    const claimed = await claimRedisDatabase(process.env.REDIS_URL!);
    releaseRedis = claimed.release;
    redis = claimed.redis;
    cluster = await startCluster({
      instances: 2,
      databaseUrl: clusterDatabaseUrl,
      redisUrl: claimed.url,
      // The bundle systemd runs when it is built from these sources (CI builds first), else the
      // sources through tsx, as the other tests run them.
      server: bundleIsFresh() ? undefined : 'apps/server/src/main.ts',
      // A stopped instance is tried again after a second (production: 5 s), so the rolling restart
      // does not wait for nginx longer than it must.
      upstreamOptions: 'max_fails=1 fail_timeout=1s',
      env: {
        REDIS_PREFIX: redisPrefix,
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: TEST_ADMIN_EMAIL,
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        WEB_DIST_DIR: FIXTURE_WEB_DIST,
        FFMPEG_PATH: 'none',
      },
      onOutput: (line: string) => {
        if (line.includes('"level":40') || line.includes('"level":50')) warnings.push(line);
      },
    });
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
    await releaseRedis();
    await dropDatabase();
    if (cluster) await rm(cluster.dir, { recursive: true, force: true });
  }, 120_000);

  const ports = () => new Set(cluster.instances.map((i) => i.port));

  it('runs its instances with the unit’s settings, and nginx from the site file', () => {
    // The first start (migrations, seed, the demo catalogue) went without a warning: the demo
    // catalogue's sitemap request found its queue declared.
    expect(warnings).toEqual([]);
    expect(cluster.instances).toHaveLength(2);
    expect(cluster.unit.killSignal).toBe('SIGTERM');
    expect(cluster.unit.env(3001)).toMatchObject({ PORT: '3001', NODE_ENV: 'production' });
    expect(cluster.s3.started).toBe(true);
  });

  it('honours a session made on one instance on every instance', async () => {
    const me = new Browser(cluster.url);
    await me.signIn();
    const seen = new Set<number>();
    for (let i = 0; i < 20 && seen.size < 2; i++) {
      const res = await me.fetch('/api/v1/users/me');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(TEST_ADMIN_EMAIL);
      seen.add(answeredBy(res.headers.get('x-zema-upstream')));
    }
    expect(seen).toEqual(ports());
  });

  it('holds a login rate limit across instances: the 6th attempt gets 429 whichever instance answers', async () => {
    const browser = new Browser(cluster.url);
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const answers: { status: number; port: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await browser.fetch('/auth/login', {
        method: 'POST',
        json: { email, password: 'not-the-password', remember: false },
      });
      await res.arrayBuffer();
      answers.push({ status: res.status, port: answeredBy(res.headers.get('x-zema-upstream')) });
      if (i === 5) expect(res.headers.get('retry-after')).toBeTruthy();
    }
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 422, 429]);
    expect(new Set(answers.map((a) => a.port))).toEqual(ports());
  });

  it('delivers a live event published on one instance to a stream held by the other', async () => {
    const me = new Browser(cluster.url);
    await me.signIn();
    const stream = await SseClient.connect(`${cluster.url}/api/v1/events`, {
      cookie: me.cookie(),
      'x-forwarded-for': me.ip,
    });
    try {
      expect(stream.status, stream.body).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      // Subscribed: its retry hint went through nginx unbuffered.
      expect((await stream.next())?.retry).toBe(3000);
      const held = answeredBy(stream.headers['x-zema-upstream'] as string);
      const other = cluster.instances.find((i) => i.port !== held)!;
      expect(ports().has(held)).toBe(true);
      // Straight to the other instance, so the write surely lands there.
      const res = await me.fetch('/api/v1/notifications/mark-all-as-read', { method: 'POST', at: other.url });
      expect(res.status, await res.clone().text()).toBe(200);
      const event = await stream.nextEvent();
      expect(event.event).toBe('notification.count');
      expect(JSON.parse(event.data ?? '{}')).toMatchObject({ unreadCount: 0 });
    } finally {
      stream.close();
    }
  });

  it('drops an artist page cached on one instance as soon as an admin edits the artist on the other', async () => {
    const [a, b] = cluster.instances as [ClusterInstance, ClusterInstance];
    const admin = new Browser(cluster.url);
    await admin.signIn();
    const created = await admin.fetch('/api/v1/artists', { method: 'POST', json: { name: 'Cached artist' } });
    expect(created.ok, await created.clone().text()).toBe(true);
    const id = ((await created.json()) as { artist: { id: number } }).artist.id;
    // A guest's artist page is the cached answer itself, its ETag the hash of those bytes.
    const guest = new Browser(cluster.url);
    const page = async (at: string, etag?: string) => {
      const res = await guest.fetch(`/api/v1/artists/${id}`, {
        at,
        headers: etag ? { 'if-none-match': etag } : {},
      });
      const body =
        res.status === 200 ? ((await res.json()) as { artist: { name: string; bio: string | null } }) : null;
      if (!body) await res.arrayBuffer();
      return { status: res.status, etag: res.headers.get('etag'), artist: body?.artist };
    };
    const before = await page(a.url);
    expect(before).toMatchObject({ status: 200, artist: { name: 'Cached artist' } });
    expect(before.etag).toBeTruthy();
    expect(await page(a.url, before.etag!)).toMatchObject({ status: 304 });
    expect((await page(b.url)).etag).toBe(before.etag);

    const edited = await admin.fetch(`/api/v1/artists/${id}`, {
      method: 'PUT',
      at: b.url,
      json: { name: 'Renamed artist', bio: 'Edited on the other instance.' },
    });
    expect(edited.ok, await edited.clone().text()).toBe(true);
    // The very next read on A, without waiting: B's write dropped A's copy (Redis pub/sub) before
    // B answered.
    const after = await page(a.url, before.etag!);
    expect(after).toMatchObject({
      status: 200,
      artist: { name: 'Renamed artist', bio: 'Edited on the other instance.' },
    });
    expect(after.etag).not.toBe(before.etag);
    const viaNginx = await page(cluster.url);
    expect(viaNginx).toMatchObject({ status: 200, etag: after.etag, artist: { name: 'Renamed artist' } });
  });

  it('serves an appearance published on one instance from the other at once: name, theme, custom CSS', async () => {
    const [a, b] = cluster.instances as [ClusterInstance, ClusterInstance];
    const admin = new Browser(cluster.url);
    await admin.signIn();
    const guest = new Browser(cluster.url);
    const bootstrapOn = async (at: string) => {
      const res = await guest.fetch('/api/v1/bootstrap-data', { at });
      expect(res.status).toBe(200);
      return ((await res.json()) as { bootstrapData: BootstrapData }).bootstrapData;
    };
    const pageOn = async (at: string) => {
      const res = await guest.fetch('/', { at, headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const editor = await admin.fetch('/api/v1/admin/appearance', { at: b.url });
    expect(editor.status, await editor.clone().text()).toBe(200);
    const { published, version } = (await editor.json()) as AppearanceEditorResponse;
    // What A serves now, cached there (settings, themes, custom code).
    const start = await bootstrapOn(a.url);
    expect(start.settings.site_name).toBe(published.site_name);
    const themeId = start.themes.selectedThemeId;
    expect(themeId).not.toBeNull();
    expect(await pageOn(a.url)).toContain(`<title>${published.site_name}</title>`);

    const mark = randomBytes(3).toString('hex');
    const colour = `#${mark}`;
    const values: AppearanceValues = {
      ...published,
      site_name: `Zema ${mark}`,
      themes: {
        ...published.themes,
        all: published.themes.all.map((theme) =>
          theme.id === themeId ? { ...theme, values: { ...theme.values, '--be-primary': colour } } : theme,
        ),
      },
      custom_code: { ...published.custom_code, css: `.zema-cluster-${mark}{color:${colour}}` },
    };
    const saved = await admin.fetch('/api/v1/admin/appearance/draft', {
      method: 'PUT',
      at: b.url,
      json: { values, base_version_id: version?.id ?? null },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const publish = await admin.fetch('/api/v1/admin/appearance/publish', { method: 'POST', at: b.url });
    expect(publish.status, await publish.clone().text()).toBe(200);

    // A, at once: the bootstrap data and the page it renders, theme variables and custom CSS.
    const now = await bootstrapOn(a.url);
    expect(now.settings.site_name).toBe(`Zema ${mark}`);
    expect(now.themes.all.find((theme) => theme.id === themeId)?.values['--be-primary']).toBe(colour);
    const html = await pageOn(a.url);
    expect(html).toContain(`<title>Zema ${mark}</title>`);
    expect(html).toContain(`--be-primary:${colour}`);
    expect(html).toContain(`.zema-cluster-${mark}{color:${colour}}`);
  });

  /** An admin's track with audio in the bucket, uploaded through nginx. */
  async function trackWithAudio(admin: Browser) {
    const artist = await admin.fetch('/api/v1/artists', { method: 'POST', json: { name: 'Cluster artist' } });
    expect(artist.ok, await artist.clone().text()).toBe(true);
    const artistId = ((await artist.json()) as { artist: { id: number } }).artist.id;
    const track = await admin.fetch('/api/v1/tracks', {
      method: 'POST',
      json: { name: 'Cluster track', artist_ids: [artistId] },
    });
    expect(track.ok, await track.clone().text()).toBe(true);
    const id = ((await track.json()) as { track: { id: number } }).track.id;
    const bytes = makeWav(64);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), 'cluster.wav');
    const upload = await admin.fetch(`/api/v1/tracks/${id}/audio`, { method: 'POST', body: form });
    expect(upload.ok, await upload.clone().text()).toBe(true);
    return { id, bytes };
  }

  it('streams from the bucket through nginx, and a ranged re-request after SIGKILL continues from the other instance', async () => {
    const admin = new Browser(cluster.url);
    await admin.signIn();
    const track = await trackWithAudio(admin);
    const listener = new Browser(cluster.url);
    const url = `/api/v1/tracks/${track.id}/stream`;

    // The audio is playable once the upload's processing has stored it.
    let first: Response | undefined;
    await vi.waitFor(
      async () => {
        first = await listener.fetch(url, { headers: { range: 'bytes=0-65535' } });
        if (first.status !== 206) await first.arrayBuffer();
        expect(first.status).toBe(206);
      },
      { timeout: 60_000, interval: 200 },
    );
    const size = Number(first!.headers.get('content-range')?.split('/')[1]);
    expect(first!.headers.get('content-range')).toBe(`bytes 0-65535/${size}`);
    const head = Buffer.from(await first!.arrayBuffer());
    expect(head.length).toBe(65536);
    // An instance authorised it (X-Accel-Redirect); nginx fetched the bytes from the store.
    const [authorisedBy, store] = String(first!.headers.get('x-zema-upstream')).split(' : ');
    expect(store, 'nginx fetched the range from the store').toBeTruthy();
    const victim = cluster.instances.find((i) => i.port === answeredBy(authorisedBy))!;
    expect(victim).toBeDefined();
    // nginx keeps few of the app's headers when it follows X-Accel-Redirect: the streamed answer
    // carries every header of the instance's own answer (asked straight, without nginx) but the
    // redirect and the framing, the security headers with the app's values.
    const direct = await listener.fetch(url, { at: victim.url, headers: { range: 'bytes=0-65535' } });
    await direct.arrayBuffer();
    expect(direct.headers.get('x-accel-redirect')).toMatch(/^\/protected-s3\//);
    const framing = new Set(['x-accel-redirect', 'content-length', 'connection', 'keep-alive', 'date']);
    const lost = [...direct.headers.keys()].filter((name) => !framing.has(name) && !first!.headers.has(name));
    expect(lost, 'headers of the app lost behind X-Accel-Redirect').toEqual([]);
    for (const name of ['x-content-type-options', 'cross-origin-resource-policy', 'cache-control']) {
      expect(first!.headers.get(name), name).toBe(direct.headers.get(name));
    }
    expect(first!.headers.get('x-content-type-options')).toBe('nosniff');

    expect((await victim.kill('SIGKILL')).signal).toBe('SIGKILL');
    try {
      const rest = await listener.fetch(url, { headers: { range: 'bytes=65536-' } });
      expect(rest.status).toBe(206);
      expect(rest.headers.get('content-range')).toBe(`bytes 65536-${size - 1}/${size}`);
      expect(answeredBy(rest.headers.get('x-zema-upstream'))).not.toBe(victim.port);
      const whole = Buffer.concat([head, Buffer.from(await rest.arrayBuffer())]);
      expect(whole.length).toBe(size);
      const full = await listener.fetch(url);
      expect(full.status).toBe(200);
      expect(Buffer.from(await full.arrayBuffer()).equals(whole)).toBe(true);
      expect(size).toBe(track.bytes.length);
    } finally {
      await victim.start();
    }
  }, 120_000);

  it('restarts each instance in turn (SIGTERM, drain, start) under traffic with no failed request', async () => {
    const admin = new Browser(cluster.url);
    await admin.signIn();
    const guest = new Browser(cluster.url);
    const failures: string[] = [];
    const answered = new Map<number, number>();
    let requests = 0;
    let running = true;
    const asks: [Browser, string][] = [
      [guest, '/health'],
      [admin, '/api/v1/users/me'],
      [guest, '/api/v1/bootstrap-data'],
    ];
    const worker = async (n: number) => {
      for (let i = n; running; i++) {
        const [who, path] = asks[i % asks.length]!;
        try {
          const res = await who.fetch(path);
          await res.arrayBuffer();
          requests++;
          const port = answeredBy(res.headers.get('x-zema-upstream'));
          answered.set(port, (answered.get(port) ?? 0) + 1);
          if (res.status !== 200) failures.push(`${path}: ${res.status}`);
        } catch (err) {
          failures.push(`${path}: ${(err as Error).message}`);
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    try {
      for (const instance of cluster.instances) {
        const exit = await instance.restart();
        expect(exit.code, instance.output()).toBe(0);
        // Back in nginx's rotation before the next one stops: requests reach it again.
        answered.set(instance.port, 0);
        await vi.waitFor(() => expect(answered.get(instance.port)).toBeGreaterThan(0), {
          timeout: 30_000,
          interval: 50,
        });
      }
    } finally {
      running = false;
      await Promise.all(workers);
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(50);
  }, 240_000);

  it('carries a tus upload whose PATCHes land on different instances, and on through the other when one is killed mid-PATCH', async () => {
    const MB = 1024 * 1024;
    const admin = new Browser(cluster.url);
    await admin.signIn();
    const file = mp3ThenNoise(10 * MB);
    const metadata = Object.entries({
      name: 'cluster.mp3',
      clientName: 'cluster.mp3',
      clientMime: 'audio/mpeg',
      clientExtension: 'mp3',
      clientSize: String(file.length),
      relativePath: '',
    })
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await admin.fetch('/api/v1/tus/upload', {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(file.length), 'upload-metadata': metadata },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    // Relative (the app cannot know nginx's address): resolved against the endpoint, as clients do.
    const path = new URL(created.headers.get('location')!, `${cluster.url}/api/v1/tus/upload`).pathname;
    const id = path.slice(path.lastIndexOf('/') + 1);
    const patch = async (from: number, to: number, at?: string) => {
      const res = await admin.fetch(path, {
        method: 'PATCH',
        at,
        headers: { ...tus, 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(file.subarray(from, to)),
      });
      expect(res.status, await res.clone().text()).toBe(204);
      expect(res.headers.get('upload-offset')).toBe(String(to));
      return res;
    };
    const warned = warnings.length;

    // 3 MiB through nginx (under S3's 5 MiB part minimum: a tail left in the bucket), the next 3 MiB
    // straight to the other instance, which must pick that tail up.
    const first = await patch(0, 3 * MB);
    const victim = cluster.instances.find(
      (i) => i.port === answeredBy(first.headers.get('x-zema-upstream')),
    )!;
    expect(victim).toBeDefined();
    const survivor = cluster.instances.find((i) => i !== victim)!;
    await patch(3 * MB, 6 * MB, survivor.url);

    // The rest to the first instance, which dies (SIGKILL) a MiB into it, holding the upload's lock.
    const doomed = httpRequest(`${victim.url}${path}`, {
      method: 'PATCH',
      headers: {
        ...admin.headers(true),
        ...tus,
        'upload-offset': String(6 * MB),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(file.length - 6 * MB),
      },
    });
    const doomedEnded = new Promise<string>((resolve) => {
      doomed.on('response', (res) => {
        res.resume();
        resolve(`answered ${res.statusCode}`);
      });
      doomed.on('error', (err) => resolve(err.message));
    });
    // The release requests of the tus lock (tus-locker.ts): how the test sees a request wait for it.
    const locks = redis.duplicate();
    const askedToRelease = new Promise<void>((resolve) => {
      locks.on('message', (_channel, raw: string) => {
        const message = JSON.parse(raw) as { op?: string; id?: string };
        if (message.op === 'release' && message.id === id) resolve();
      });
    });
    await locks.subscribe(`${redisPrefix}:tus:locks`);
    let back: Promise<void> | undefined;
    try {
      doomed.write(file.subarray(6 * MB, 7 * MB));
      const lockKey = `${redisPrefix}:tus:lock:${id}`;
      await vi.waitFor(async () => expect(await redis.exists(lockKey)).toBe(1), {
        timeout: 15_000,
        interval: 20,
      });
      expect((await victim.kill('SIGKILL')).signal).toBe('SIGKILL');
      expect(await doomedEnded).not.toMatch(/^answered/);

      // Resumed through nginx, on the survivor (the one instance alive): it asks the dead holder to
      // let go, then waits out the lock's TTL (nobody is left to release it), and reports what the
      // bucket holds. Meanwhile the victim starts again.
      const offsetAsked = admin.fetch(path, { method: 'HEAD', headers: tus });
      await askedToRelease;
      back = victim.start();
      const offsetRes = await offsetAsked;
      expect(offsetRes.status).toBe(200);
      expect(answeredBy(offsetRes.headers.get('x-zema-upstream'))).toBe(survivor.port);
      const offset = Number(offsetRes.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(6 * MB);
      expect(offset).toBeLessThanOrEqual(7 * MB);
      // The rest through nginx, to whichever instance it chooses now.
      const last = await patch(offset, file.length);
      expect(ports().has(answeredBy(last.headers.get('x-zema-upstream')))).toBe(true);

      // Finished through nginx: the file entry holds exactly the bytes sent.
      const finished = await admin.fetch('/api/v1/tus/entries', { method: 'POST', json: { uploadKey: id } });
      expect(finished.status, await finished.clone().text()).toBe(200);
      const entry = (
        (await finished.json()) as { fileEntry: { id: number; file_size: number; checksum: string } }
      ).fileEntry;
      expect(entry).toMatchObject({
        file_size: file.length,
        checksum: createHash('sha256').update(file).digest('hex'),
      });
      // Read back from the bucket (the download answers with a presigned URL).
      const download = await admin.fetch(`/api/v1/file-entries/${entry.id}/download`);
      expect(download.status).toBe(302);
      const stored = await fetch(new URL(download.headers.get('location')!, cluster.url));
      expect(stored.status).toBe(200);
      expect(Buffer.from(await stored.arrayBuffer()).equals(file)).toBe(true);
      // The upload is gone wherever it is asked for, the restarted instance included.
      await back;
      for (const instance of cluster.instances) {
        const gone = await admin.fetch(path, { method: 'HEAD', headers: tus, at: instance.url });
        expect(gone.status).toBe(404);
      }
      expect(warnings.slice(warned)).toEqual([]);
    } finally {
      doomed.destroy();
      locks.disconnect();
      await (back ?? victim.start());
    }
  }, 120_000);
});
