import { randomBytes } from 'node:crypto';
import type { InsightsResponse } from '@zema/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#src/db/client';
import { userArtists } from '#src/modules/backstage/tables';
import { createArtist, createTrack } from '#src/modules/catalogue/index';
import { plays } from '#src/modules/player/tables';
import { roles, userRole } from '#src/modules/users/tables';
import type { GeoIp } from '#src/platform/geoip';
import { adminUserId, Client, createUser, request, sessionFor, useApp } from '#test/helpers';

// One public address per country, as the analytics tests do.
const PLACES: Record<string, string> = { '196.188.0.1': 'ET' };
const geoip: GeoIp = { lookup: async (ip) => ({ city: null, country: (ip && PLACES[ip]) ?? null }) };
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';

const DAY_MS = 86_400_000;
const t = useApp({}, { geoip });
const unique = () => randomBytes(4).toString('hex');

/** A signed-in user of the artists role linked to a new artist. */
async function artistUser(name: string) {
  const user = await createUser(t.db);
  const artistId = await createArtist(t.deps, { name: `${name} ${unique()}` });
  const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'artists'));
  await t.db.insert(userRole).values({ userId: user.id, roleId: role!.id });
  await t.db.insert(userArtists).values({ userId: user.id, artistId, role: 'artist' });
  return { artistId, client: await sessionFor(t.db, user.id) };
}

const insights = async (actor: Client, artistId: number, range = '7d') => {
  const res = await request(t.app, actor, {
    method: 'GET',
    url: `/api/v1/backstage/artists/${artistId}/insights?range=${range}`,
  });
  return { status: res.statusCode, body: res.json() as InsightsResponse & { message?: string } };
};

describe("an artist's insights", () => {
  let a: Awaited<ReturnType<typeof artistUser>>;
  let b: Awaited<ReturnType<typeof artistUser>>;
  let admin: Client;
  let a1: number;
  let a2: number;
  let collab: number;
  let b1: number;

  beforeAll(async () => {
    admin = await sessionFor(t.db, await adminUserId(t.db));
    a = await artistUser('Insight A');
    b = await artistUser('Insight B');
    a1 = await createTrack(t.deps, { name: 'A one', artist_ids: [a.artistId] });
    a2 = await createTrack(t.deps, { name: 'A two', artist_ids: [a.artistId] });
    collab = await createTrack(t.deps, { name: 'A with B', artist_ids: [a.artistId, b.artistId] });
    b1 = await createTrack(t.deps, { name: 'B one', artist_ids: [b.artistId] });
    // Today (UTC) a second after midnight, 3 days and 10 days ago at noon.
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const at = (daysAgo: number) => new Date(daysAgo ? today - daysAgo * DAY_MS + DAY_MS / 2 : today + 1000);
    const play = (
      trackId: number,
      listener: string,
      daysAgo: number,
      country: string | null,
      device: string,
    ) => ({
      trackId,
      listener,
      listenId: `insight-${unique()}`,
      secondsListened: 40,
      playedAt: at(daysAgo),
      country,
      deviceType: device,
    });
    await t.db
      .insert(plays)
      .values([
        play(a1, 'L1', 0, 'ET', 'mobile'),
        play(a1, 'L2', 0, 'ET', 'computer'),
        play(a2, 'L1', 0, 'DE', 'mobile'),
        play(collab, 'L3', 0, null, 'tablet'),
        play(b1, 'L4', 0, 'KE', 'computer'),
      ]);
    // One statement per play as the player writes them, and one through the player itself.
    await t.db.insert(plays).values(play(a1, 'L1', 3, 'ET', 'mobile'));
    await t.db.insert(plays).values(play(a2, 'L5', 10, 'DE', 'computer'));
    const listener = new Client(t.app, { ip: '196.188.0.1', headers: { 'user-agent': ANDROID } });
    const res = await request(t.app, listener, {
      method: 'POST',
      url: `/api/v1/tracks/${a1}/plays`,
      payload: { listen_id: `insight-live-${unique()}`, seconds: 40 },
    });
    expect(res.json()).toEqual({ counted: true });
  });

  it('counts the artist’s plays by day, country and device, and its distinct listeners', async () => {
    const { status, body } = await insights(a.client, a.artistId);
    expect(status).toBe(200);
    expect(body.range).toMatchObject({ range: '7d', granularity: 'day' });
    expect(body.plays).toEqual({ value: 6, previous: 1 });
    // L1, L2, L3 and the visitor of the live play; L5 played in the 7 days before.
    expect(body.listeners).toEqual({ value: 4, previous: 1 });
    expect(body.series).toHaveLength(7);
    expect(body.series.map((p) => p.plays)).toEqual([0, 0, 0, 1, 0, 0, 5]);
    expect(body.series.at(-1)!.label).toBe(new Date().toISOString().slice(0, 10));
    expect(body.top_tracks).toEqual([
      { id: a1, name: 'A one', plays: 4 },
      { id: a2, name: 'A two', plays: 1 },
      { id: collab, name: 'A with B', plays: 1 },
    ]);
    expect(body.countries).toEqual([
      { key: 'ET', plays: 4 },
      { key: 'DE', plays: 1 },
      { key: null, plays: 1 },
    ]);
    expect(body.devices).toEqual([
      { key: 'mobile', plays: 4 },
      { key: 'computer', plays: 1 },
      { key: 'tablet', plays: 1 },
    ]);
  });

  it('credits a shared track to each of its artists, and nothing of the others', async () => {
    const { body } = await insights(b.client, b.artistId);
    expect(body.plays).toEqual({ value: 2, previous: 0 });
    expect(body.listeners).toEqual({ value: 2, previous: 0 });
    expect(body.top_tracks.map((x) => x.id).sort()).toEqual([b1, collab].sort());
    expect(body.countries).toEqual([
      { key: 'KE', plays: 1 },
      { key: null, plays: 1 },
    ]);
    expect(JSON.stringify(body)).not.toContain('A one');
  });

  it('widens to 28 days and 12 months', async () => {
    const days = await insights(a.client, a.artistId, '28d');
    expect(days.body.series).toHaveLength(28);
    expect(days.body.plays.value).toBe(7);
    expect(days.body.listeners.value).toBe(5);
    const months = await insights(a.client, a.artistId, '12m');
    expect(months.body.range.granularity).toBe('month');
    expect(months.body.series).toHaveLength(12);
    expect(months.body.series.at(-1)!.label).toBe(new Date().toISOString().slice(0, 7));
    expect(months.body.plays.value).toBe(7);
    expect(months.body.devices).toEqual([
      { key: 'mobile', plays: 4 },
      { key: 'computer', plays: 2 },
      { key: 'tablet', plays: 1 },
    ]);
  });

  it('a rebuild from the plays log gives the same insights', async () => {
    const ranges = ['7d', '28d', '90d', '12m'];
    const artistRows = () =>
      queryRows<Record<string, unknown>>(
        t.db,
        sql`select 'p' as t, dimension, grain, bucket::text as bucket, key, plays from play_rollups
              where dimension in ('artist_country', 'artist_device')
            union all
            select 'l', artist_id::text, '', day::text, listener_id::text, 0 from artist_listeners
            order by 1, 2, 3, 4, 5`,
      );
    const before = {
      rows: await artistRows(),
      a: await Promise.all(ranges.map((r) => insights(a.client, a.artistId, r))),
      b: await Promise.all(ranges.map((r) => insights(b.client, b.artistId, r))),
    };
    expect(before.rows.length).toBeGreaterThan(0);
    await queryRows(t.db, sql`select analytics_rebuild(null, null)`);
    expect({
      rows: await artistRows(),
      a: await Promise.all(ranges.map((r) => insights(a.client, a.artistId, r))),
      b: await Promise.all(ranges.map((r) => insights(b.client, b.artistId, r))),
    }).toEqual(before);
  });

  it("refuses another artist's insights (403), and an unknown range (422)", async () => {
    const other = await insights(a.client, b.artistId);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'You do not manage this artist.' });
    expect((await insights(b.client, a.artistId)).status).toBe(403);
    const bad = await insights(a.client, a.artistId, 'forever');
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ errors: { range: [expect.any(String)] } });
  });

  it('refuses a user without backstage access, and lets an admin read any artist', async () => {
    const user = await createUser(t.db);
    const plain = await insights(await sessionFor(t.db, user.id), a.artistId);
    expect(plain.status).toBe(403);
    const seen = await insights(admin, a.artistId);
    expect(seen.status).toBe(200);
    expect(seen.body.plays.value).toBe(6);
    expect((await insights(admin, 999_999)).status).toBe(404);
  });
});
