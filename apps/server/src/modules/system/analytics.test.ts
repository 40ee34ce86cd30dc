// Both drivers: raw rollup SQL, plpgsql and parallel inserts on the pool.
import { ANALYTICS_VIEW_PERMISSION, type AnalyticsResponse } from '@zema/contracts/admin';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '#src/db/client';
import { createAlbum, createArtist, createTrack } from '#src/modules/catalogue/index';
import { plays } from '#src/modules/player/tables';
import type { GeoIp } from '#src/platform/geoip';
import { adminUserId, Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { getDashboard, rebuildRollups, topKeys } from './analytics.service';
import { addDays, DAY_MS, HOUR_MS, localDate, zonedStart } from './zoned-time';

const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36',
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

// A stand-in for the offline database: one public address per country.
const PLACES: Record<string, string> = { '196.188.0.1': 'ET', '85.214.0.1': 'DE' };
const geoip: GeoIp = { lookup: async (ip) => ({ city: null, country: (ip && PLACES[ip]) ?? null }) };

type Row = Record<string, unknown>;
const rollups = (db: Database) =>
  queryRows<Row>(
    db,
    sql`select dimension, grain, bucket::text as bucket, key, plays from play_rollups order by 1, 2, 3, 4`,
  );
const listenerRows = (db: Database) =>
  queryRows<Row>(
    db,
    sql`select r.grain, r.bucket::text as bucket, l.listener, r.mask from listener_rollups r
        join analytics_listeners l on l.id = r.listener_id order by 1, 2, 3`,
  );

/** play_rollups as {"dimension grain bucket key": plays}. */
async function rollupMap(db: Database): Promise<Map<string, number>> {
  const rows = await queryRows<{
    dimension: string;
    grain: string;
    bucket: Date | string;
    key: string;
    plays: number;
  }>(db, sql`select dimension, grain, bucket, key, plays from play_rollups`);
  return new Map(
    rows.map((r) => [`${r.dimension} ${r.grain} ${new Date(r.bucket).toISOString()} ${r.key}`, r.plays]),
  );
}

const hourOf = (t: number) => new Date(Math.floor(t / HOUR_MS) * HOUR_MS).toISOString();
const dayOf = (t: number) => new Date(Math.floor(t / DAY_MS) * DAY_MS).toISOString();
const monthOf = (t: number) => {
  const d = new Date(t);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString();
};

describe('rollups', () => {
  const t = useApp({}, { geoip });
  let artist1: number;
  let artist2: number;
  let album: number;
  let song: number;
  let single: number;

  beforeAll(async () => {
    artist1 = await createArtist(t.deps, { name: 'Rollup One' });
    artist2 = await createArtist(t.deps, { name: 'Rollup Two' });
    album = await createAlbum(t.deps, { name: 'Rollup Album', artist_ids: [artist1] });
    song = await createTrack(t.deps, {
      name: 'Rollup Song',
      album_id: album,
      duration_ms: 120_000,
      artist_ids: [artist1, artist2],
    });
    single = await createTrack(t.deps, { name: 'Rollup Single', duration_ms: 90_000, artist_ids: [artist2] });
  });

  it('records where and on what a play was heard, without the address or versions', async () => {
    const listener = new Client(t.app, { ip: '196.188.0.1', headers: { 'user-agent': UA.android } });
    const res = await request(t.app, listener, {
      method: 'POST',
      url: `/api/v1/tracks/${single}/plays`,
      payload: { listen_id: 'enrich-1', seconds: 40 },
    });
    expect(res.json()).toEqual({ counted: true });
    const [row] = await queryRows<Row>(t.db, sql`select * from plays where listen_id = 'enrich-1'`);
    expect(row).toMatchObject({
      country: 'ET',
      device_type: 'mobile',
      platform: 'Android',
      browser: 'Chrome',
    });
    expect(JSON.stringify(row)).not.toContain('196.188');
  });

  it('a play adds one to its hour, day and month for every dimension', async () => {
    const before = await rollupMap(t.db);
    const user = await createUser(t.db);
    const session = await sessionFor(t.db, user.id);
    // The signed-in listener, from a German address on Firefox for Windows.
    const actor = new Client(t.app, {
      ip: '85.214.0.1',
      userId: user.id,
      cookies: Object.fromEntries(session.cookies),
      headers: { 'user-agent': UA.windowsFirefox },
    });
    const at = Date.now();
    const res = await request(t.app, actor, {
      method: 'POST',
      url: `/api/v1/tracks/${song}/plays`,
      payload: { listen_id: 'rollup-1', seconds: 45 },
    });
    expect(res.json()).toEqual({ counted: true });
    const after = await rollupMap(t.db);
    const expected = [
      ['all', ''],
      ['track', String(song)],
      ['album', String(album)],
      ['artist', String(artist1)],
      ['artist', String(artist2)],
      ['country', 'DE'],
      ['device', 'computer'],
      ['platform', 'Windows'],
      ['browser', 'Firefox'],
    ];
    const changed: string[] = [];
    for (const [k, v] of after)
      if ((before.get(k) ?? 0) !== v) changed.push(`${k} +${v - (before.get(k) ?? 0)}`);
    const buckets = { h: hourOf(at), d: dayOf(at), m: monthOf(at) };
    // Each credited artist's country and device, by day and month (the backstage's insights).
    const perArtist = [artist1, artist2].flatMap((id) => [
      ['artist_country', `${id}:DE`],
      ['artist_device', `${id}:computer`],
    ]);
    expect(changed.sort()).toEqual(
      [
        ...expected.flatMap(([dimension, key]) =>
          (['h', 'd', 'm'] as const).map((grain) => `${dimension} ${grain} ${buckets[grain]} ${key} +1`),
        ),
        ...perArtist.flatMap(([dimension, key]) =>
          (['d', 'm'] as const).map((grain) => `${dimension} ${grain} ${buckets[grain]} ${key} +1`),
        ),
      ].sort(),
    );
    // The listener's day row has this hour's bit, the month row this day's.
    const mine = (await listenerRows(t.db)).filter((r) => r.listener === `u:${user.id}`);
    expect(mine.map((r) => [r.grain, r.mask])).toEqual([
      ['d', 1 << new Date(at).getUTCHours()],
      ['m', 1 << (new Date(at).getUTCDate() - 1)],
    ]);
  });

  it('a rebuild from the plays log gives the same rows as the plays counted one by one', async () => {
    const now = Date.now();
    const at = (daysAgo: number, hour: number) =>
      new Date(Math.floor((now - daysAgo * DAY_MS) / DAY_MS) * DAY_MS + hour * HOUR_MS);
    // Spread over two months and more, old and recent (hourly track rows are kept 8 days), one
    // statement per play and a bulk insert.
    const spread = [
      [0, 1],
      [1, 23],
      [2, 0],
      [3, 12],
      [9, 5],
      [20, 22],
      [33, 3],
      [45, 14],
      [70, 9],
    ] as const;
    let n = 0;
    for (const [daysAgo, hour] of spread) {
      await t.db.insert(plays).values({
        trackId: n % 2 ? song : single,
        listener: `rebuild-${n % 3}`,
        listenId: `rebuild-one-${n++}`,
        secondsListened: 40,
        playedAt: at(daysAgo, hour),
        country: n % 3 ? 'ET' : null,
        deviceType: 'mobile',
        platform: 'iOS',
        browser: n % 2 ? 'Safari' : null,
      });
    }
    await t.db.insert(plays).values(
      spread.map(([daysAgo, hour], i) => ({
        trackId: song,
        listener: `rebuild-bulk-${i % 4}`,
        listenId: `rebuild-bulk-${i}`,
        secondsListened: 40,
        playedAt: new Date(at(daysAgo, hour).getTime() + 17 * 60_000),
        country: 'KE',
      })),
    );
    const incremental = { plays: await rollups(t.db), listeners: await listenerRows(t.db) };
    await rebuildRollups(t.db);
    expect({ plays: await rollups(t.db), listeners: await listenerRows(t.db) }).toEqual(incremental);
    // A partial rebuild recomputes only the months it touches, to the same rows.
    await queryRows(
      t.db,
      sql`update play_rollups set plays = plays + 100 where bucket >= ${at(45, 0).toISOString()}::timestamptz and bucket < ${at(20, 0).toISOString()}::timestamptz`,
    );
    await rebuildRollups(t.db, { from: at(45, 0), to: at(20, 0) });
    expect(await rollups(t.db)).toEqual(incremental.plays);
  });
});

describe('top lists from the rollups', () => {
  const t = useApp();

  // Rows of a dimension of their own, straight into play_rollups: buckets of three grains, with
  // hours inside a UTC day that also has its day row (as the trigger writes them).
  async function fill(dimension: string, plays: (key: number, bucket: number) => number) {
    const day = Date.UTC(2026, 0, 5);
    const buckets = [
      { grain: 'm' as const, at: Date.UTC(2025, 11, 1) },
      ...[0, 1, 2, 3].map((d) => ({ grain: 'd' as const, at: day - (d + 1) * DAY_MS })),
      ...[20, 21, 22, 23].map((h) => ({ grain: 'h' as const, at: day + h * HOUR_MS })),
    ];
    const rows: { dimension: string; grain: string; bucket: string; key: string; plays: number }[] = [];
    const dayRow = new Map<string, number>();
    buckets.forEach((b, i) => {
      for (let key = 1; key <= 400; key++) {
        const n = plays(key, i);
        if (n <= 0) continue;
        rows.push({
          dimension,
          grain: b.grain,
          bucket: new Date(b.at).toISOString(),
          key: String(key),
          plays: n,
        });
        if (b.grain === 'h') dayRow.set(String(key), (dayRow.get(String(key)) ?? 0) + n);
      }
    });
    // The day row of the hours' day: those hours plus earlier ones of the same day.
    for (let key = 1; key <= 400; key++) {
      const n = (dayRow.get(String(key)) ?? 0) + plays(key, 99);
      if (n > 0)
        rows.push({ dimension, grain: 'd', bucket: new Date(day).toISOString(), key: String(key), plays: n });
    }
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await queryRows(
        t.db,
        sql`insert into play_rollups (dimension, grain, bucket, key, plays)
            select * from unnest(${`{${chunk.map((r) => r.dimension).join(',')}}`}::text[],
              ${`{${chunk.map((r) => r.grain).join(',')}}`}::text[],
              ${`{${chunk.map((r) => r.bucket).join(',')}}`}::timestamptz[],
              ${`{${chunk.map((r) => r.key).join(',')}}`}::text[],
              ${`{${chunk.map((r) => r.plays).join(',')}}`}::int[])`,
      );
    }
    const totals = new Map<string, number>();
    for (const r of rows) {
      if (r.grain === 'd' && r.bucket === new Date(day).toISOString()) continue;
      totals.set(r.key, (totals.get(r.key) ?? 0) + r.plays);
    }
    const expected = [...totals]
      .map(([key, n]) => ({ key, plays: n }))
      .sort((a, b) => b.plays - a.plays || Number(a.key) - Number(b.key))
      .slice(0, 10);
    return { buckets: buckets.map((b) => ({ grain: b.grain, at: b.at })), expected };
  }

  it('finds the exact top keys from the best rows of each bucket when plays are skewed', async () => {
    // Popular keys stay popular (1 / key), with a deterministic wobble per bucket.
    const { buckets, expected } = await fill(
      'test-skewed',
      (key, b) => Math.floor(4000 / key + ((key * 7919 + b * 104729) % 13)) - 6,
    );
    expect(await topKeys(t.db, 'test-skewed', buckets, 10)).toEqual(expected);
  });

  it('still answers exactly when plays are flat and no bound proves anything', async () => {
    const { buckets, expected } = await fill('test-flat', (key, b) => 1 + ((key * 31 + b * 17) % 3));
    expect(await topKeys(t.db, 'test-flat', buckets, 10)).toEqual(expected);
  });
});

describe('GET api/v1/admin/analytics', () => {
  const t = useApp();
  const tz = 'Africa/Addis_Ababa'; // UTC+3 all year
  let now: number;
  let trackA: number;
  let trackB: number;
  let artist1: number;
  let artist2: number;
  let albumX: number;

  beforeAll(async () => {
    artist1 = await createArtist(t.deps, { name: 'Dash One' });
    artist2 = await createArtist(t.deps, { name: 'Dash Two' });
    albumX = await createAlbum(t.deps, { name: 'Dash Album', artist_ids: [artist1] });
    trackA = await createTrack(t.deps, { name: 'Dash A', album_id: albumX, artist_ids: [artist1] });
    trackB = await createTrack(t.deps, { name: 'Dash B', artist_ids: [artist1, artist2] });
    // Noon today in Addis Ababa; the plays are placed around local midnights, where UTC days and
    // local days disagree by three hours.
    const today = localDate(Date.now(), tz);
    now = zonedStart(today, tz, 12);
    const local = (days: number, hour: number, minute = 0) =>
      new Date(zonedStart(addDays(today, days), tz, hour) + minute * 60_000);
    const play = (
      id: string,
      trackId: number,
      listener: string,
      at: Date,
      more: Partial<typeof plays.$inferInsert> = {},
    ) => ({
      trackId,
      listener,
      listenId: id,
      secondsListened: 40,
      playedAt: at,
      ...more,
    });
    const android = { country: 'ET', deviceType: 'mobile', platform: 'Android', browser: 'Chrome' };
    const windows = { country: 'ET', deviceType: 'computer', platform: 'Windows', browser: 'Firefox' };
    const mac = { country: 'DE', deviceType: 'computer', platform: 'Mac OS', browser: 'Safari' };
    await t.db.insert(plays).values([
      play('p1', trackA, 'L1', local(0, 0, 30), android), // today 00:30 = yesterday 21:30 UTC
      play('p2', trackA, 'L2', local(-1, 9), windows), // yesterday morning: today's previous period
      play('p3', trackB, 'L1', local(0, 10), mac),
      play('p6', trackA, 'L3', local(-1, 23, 30)), // yesterday, after the hour today has reached
      play('p5', trackA, 'L2', local(-3, 5), android),
      play('p4', trackB, 'L3', local(-8, 12), mac), // the 7 days before the last 7
    ]);
  });

  const dashboard = (query: Record<string, string>) =>
    getDashboard(t.deps, { range: '7d', timezone: tz, ...query } as never, now);

  it("counts today in the admin's zone, against yesterday up to the same hour", async () => {
    const d = await dashboard({ range: 'today' });
    expect(d.range).toMatchObject({ granularity: 'hour', from: localDate(now, tz), to: localDate(now, tz) });
    expect(d.kpis.plays).toEqual({ value: 2, previous: 1 });
    expect(d.kpis.listeners).toEqual({ value: 1, previous: 1 });
    expect(d.series).toHaveLength(13);
    expect(d.series[0]).toMatchObject({ label: `${localDate(now, tz)}T00:00`, plays: 1, listeners: 1 });
    expect(d.series[10]).toMatchObject({ plays: 1, listeners: 1 });
    expect(d.series.reduce((s, p) => s + p.plays, 0)).toBe(2);
    expect(d.top_tracks.map((x) => [x.id, x.plays])).toEqual([
      [trackA, 1],
      [trackB, 1],
    ]);
    expect(d.by_country).toEqual([
      { key: 'DE', plays: 1 },
      { key: 'ET', plays: 1 },
    ]);
  });

  it('counts the last 7 days by local day, with the 7 days before as the previous period', async () => {
    const d = await dashboard({ range: '7d' });
    expect(d.kpis.plays).toEqual({ value: 5, previous: 1 });
    expect(d.kpis.listeners).toEqual({ value: 3, previous: 1 });
    expect(d.series.map((p) => [p.plays, p.listeners])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [1, 1],
      [0, 0],
      [2, 2],
      [2, 1],
    ]);
    expect(d.series.at(-1)!.label).toBe(localDate(now, tz));
    expect(d.top_tracks).toEqual([
      { id: trackA, name: 'Dash A', image: null, plays: 4, artists: [{ id: artist1, name: 'Dash One' }] },
      {
        id: trackB,
        name: 'Dash B',
        image: null,
        plays: 1,
        artists: [
          { id: artist1, name: 'Dash One' },
          { id: artist2, name: 'Dash Two' },
        ],
      },
    ]);
    expect(d.top_artists.map((x) => [x.id, x.plays])).toEqual([
      [artist1, 5],
      [artist2, 1],
    ]);
    expect(d.top_albums.map((x) => [x.id, x.plays])).toEqual([[albumX, 4]]);
    expect(d.by_country).toEqual([
      { key: 'ET', plays: 3 },
      { key: null, plays: 1 },
      { key: 'DE', plays: 1 },
    ]);
    expect(d.by_device_type).toEqual([
      { key: 'computer', plays: 2 },
      { key: 'mobile', plays: 2 },
      { key: null, plays: 1 },
    ]);
    expect(d.by_platform[0]).toEqual({ key: 'Android', plays: 2 });
    expect(d.by_browser.map((b) => b.key)).toEqual(['Chrome', null, 'Firefox', 'Safari']);
  });

  it('answers the same numbers however the range is asked for, UTC days differ', async () => {
    const today = localDate(now, tz);
    const custom = await dashboard({ range: 'custom', from: addDays(today, -6), to: today });
    const seven = await dashboard({ range: '7d' });
    expect(custom.kpis.plays).toEqual(seven.kpis.plays);
    expect(custom.series).toEqual(seven.series);
    // The same plays read in UTC: today 00:30 in Addis Ababa is yesterday in UTC.
    const utc = await getDashboard(t.deps, { range: 'today', timezone: 'UTC' }, now);
    expect(utc.kpis.plays.value).toBe(1);
    const year = await dashboard({ range: '12m' });
    expect(year.range.granularity).toBe('month');
    expect(year.series).toHaveLength(12);
    expect(year.kpis.plays.value).toBe(6);
    expect(year.series.reduce((s, p) => s + p.plays, 0)).toBe(6);
  });

  it('counts new users, new tracks and active sessions', async () => {
    // At the real time: the rows below are created now, which may be after the pinned noon.
    const d = await getDashboard(t.deps, { range: '30d', timezone: tz }, Date.now());
    const users = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users where created_at >= ${d.range.start}::timestamptz and created_at < ${d.range.end}::timestamptz`,
    );
    expect(d.kpis.new_users.value).toBe(users[0]!.n);
    expect(d.kpis.new_tracks).toEqual({ value: 2, previous: 0 });
    expect(d.kpis.active_sessions.previous).toBeNull();
    const user = await createUser(t.db);
    await sessionFor(t.db, user.id);
    const later = await getDashboard(t.deps, { range: '30d', timezone: tz }, Date.now());
    expect(later.kpis.active_sessions.value).toBeGreaterThanOrEqual(1);
    expect(later.kpis.new_users.value).toBe(users[0]!.n + 1);
  });

  it('is for holders of analytics.view (or admin) only', async () => {
    const url = `/api/v1/admin/analytics?range=7d&timezone=${encodeURIComponent(tz)}`;
    expect((await request(t.app, guest(), { method: 'GET', url })).statusCode).toBe(401);
    const plain = await sessionFor(t.db, (await createUser(t.db)).id);
    expect((await request(t.app, plain, { method: 'GET', url })).statusCode).toBe(403);
    const viewer = await sessionFor(
      t.db,
      (await createUser(t.db, { permissions: [{ name: ANALYTICS_VIEW_PERMISSION }] })).id,
    );
    const res = await request(t.app, viewer, { method: 'GET', url });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AnalyticsResponse;
    expect(body.range).toMatchObject({ range: '7d', timezone: tz, granularity: 'day' });
    expect(body.series).toHaveLength(7);
    const admin = await sessionFor(t.db, await adminUserId(t.db));
    expect((await request(t.app, admin, { method: 'GET', url })).statusCode).toBe(200);
  });

  it('refuses a bad time zone or custom range with 422 on the field', async () => {
    const viewer = await sessionFor(t.db, (await createUser(t.db, { permissions: [{ name: 'admin' }] })).id);
    const ask = async (query: string) => {
      const res = await request(t.app, viewer, { method: 'GET', url: `/api/v1/admin/analytics?${query}` });
      expect(res.statusCode, res.body).toBe(422);
      return Object.keys(res.json().errors);
    };
    expect(await ask('range=7d&timezone=Mars/Olympus_Mons')).toEqual(['timezone']);
    expect(await ask('range=week')).toEqual(['range']);
    expect(await ask('range=custom')).toEqual(['from', 'to']);
    expect(await ask('range=custom&from=2026-03-10&to=2026-03-01')).toEqual(['to']);
    expect(await ask('range=custom&from=2025-01-01&to=2026-01-02')).toEqual(['to']);
    expect(await ask('range=custom&from=2026-02-30&to=2026-03-01')).toEqual(['from']);
    const ok = await request(t.app, viewer, {
      method: 'GET',
      url: '/api/v1/admin/analytics?range=custom&from=2025-01-01&to=2026-01-01&timezone=Asia/Kathmandu',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('unique listeners', () => {
  const t = useApp();
  const tz = 'Africa/Addis_Ababa';
  let track: number;

  /** The plain answer: distinct listeners over the plays of each hour-aligned period. */
  const rawListeners = async (periods: [string, string][]) => {
    const rows = await queryRows<{ i: number; n: number }>(
      t.db,
      sql`select p.i::int as i, (select count(distinct listener)::int from plays
            where played_at >= date_trunc('hour', p.s, 'UTC') and played_at < date_trunc('hour', p.e, 'UTC')) as n
          from unnest(${`{${periods.map((_, i) => i).join(',')}}`}::int[], ${`{${periods.map((p) => p[0]).join(',')}}`}::timestamptz[],
                      ${`{${periods.map((p) => p[1]).join(',')}}`}::timestamptz[]) as p(i, s, e)
          order by 1`,
    );
    return rows.map((r) => r.n);
  };
  const seriesPeriods = (d: AnalyticsResponse): [string, string][] =>
    d.series.map((p, i) => [p.start, d.series[i + 1]?.start ?? d.range.end]);
  const kept = () =>
    queryRows<{ s: string; e: string; n: number }>(
      t.db,
      sql`select period_start::text as s, period_end::text as e, listeners as n from listener_counts order by 1, 2`,
    );
  const play = (listener: string, at: number, id: string) => ({
    trackId: track,
    listener,
    listenId: id,
    secondsListened: 40,
    playedAt: new Date(at),
  });

  beforeAll(async () => {
    const artist = await createArtist(t.deps, { name: 'Listener Artist' });
    track = await createTrack(t.deps, { name: 'Listener Track', artist_ids: [artist] });
    // Eight listeners over the last 40 days, some on many days, at hours around local midnights.
    const now = Date.now();
    const rows = [];
    for (let i = 0; i < 120; i++) {
      const at = now - ((i * 7919) % (40 * 24)) * HOUR_MS - 30 * 60_000;
      rows.push(play(`U${i % 8}`, at, `u-${i}`));
    }
    await t.db.insert(plays).values(rows);
  });

  it('equal distinct listeners per bucket and per period, and keep the counts of ended periods', async () => {
    for (const range of ['today', '7d', '30d', '90d', '12m'] as const) {
      const d = await getDashboard(t.deps, { range, timezone: tz }, Date.now());
      const series = seriesPeriods(d);
      expect(
        d.series.map((p) => p.listeners),
        range,
      ).toEqual(await rawListeners(series));
      const [value, previous] = await rawListeners([
        [d.range.start, d.range.end],
        [d.range.previous_start, d.range.previous_end],
      ]);
      expect(d.kpis.listeners, range).toEqual({ value, previous });
    }
    // Ended periods were kept; asking again reads them and answers the same.
    const rows = await kept();
    expect(rows.length).toBeGreaterThan(20);
    const again = await getDashboard(t.deps, { range: '30d', timezone: tz }, Date.now());
    expect(again.series.map((p) => p.listeners)).toEqual(await rawListeners(seriesPeriods(again)));
    expect(await kept()).toEqual(rows);
  });

  it('a backdated play drops the kept counts it falls into, and a rebuild those of its months', async () => {
    await getDashboard(t.deps, { range: '30d', timezone: tz }, Date.now());
    const fiveDaysAgo = Date.now() - 5 * DAY_MS;
    const before = await kept();
    await t.db.insert(plays).values(play('late-listener', fiveDaysAgo, 'late-1'));
    const after = await kept();
    expect(after.length).toBeLessThan(before.length);
    expect(after.every((r) => new Date(r.e).getTime() <= fiveDaysAgo)).toBe(true);
    const d = await getDashboard(t.deps, { range: '30d', timezone: tz }, Date.now());
    expect(d.series.map((p) => p.listeners)).toEqual(await rawListeners(seriesPeriods(d)));

    await rebuildRollups(t.db);
    // Kept counts of the months rebuilt are gone; those before the first play's month stay.
    const [first] = await queryRows<{ at: string }>(t.db, sql`select min(played_at)::text as at from plays`);
    const left = await kept();
    expect(left.length).toBeLessThan(after.length);
    expect(left.every((r) => new Date(r.e) <= new Date(first!.at))).toBe(true);
    const rebuilt = await getDashboard(t.deps, { range: '30d', timezone: tz }, Date.now());
    expect(rebuilt.series).toEqual(d.series);
    expect(rebuilt.kpis.listeners).toEqual(d.kpis.listeners);
  });
});
