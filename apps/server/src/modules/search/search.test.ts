// Both drivers: full-text search, pg_trgm ranking, query plans and the per-driver search gate.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows, queryRowsPlanned } from '#src/db/client';
import { createWorkGate, type WorkGate } from '#src/platform/work-gate';
import { adminUserId, type Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { makeAlbum, makeArtist, makeTrack } from '#test/library';
import { SEARCH_BUSY_MESSAGE } from './search.routes';
import { escapeLike, fuzzyTsquery, parseQuery, sectionQuery } from './search.service';

let viewer: Client;
let ownerActor: Client;
const ids: Record<string, number> = {};

/**
 * The app's search gate: one search computed at a time, one waiting. `entered` counts the
 * computations handed to it, so a test knows a request has reached it without waiting on time.
 */
const inner = createWorkGate({ concurrency: 1, queue: 1 });
const gateCalls: (() => void)[] = [];
let entered = 0;
const gate: WorkGate = {
  run(task) {
    entered++;
    for (const notify of gateCalls.splice(0)) notify();
    return inner.run(task);
  },
  get running() {
    return inner.running;
  },
  get waiting() {
    return inner.waiting;
  },
};
/** Resolves once `n` computations in all have reached the gate. */
const reached = (n: number) =>
  new Promise<void>((resolve) => {
    const check = () => (entered >= n ? resolve() : gateCalls.push(check));
    check();
  });

const t = useApp({}, { searchGate: gate });

beforeAll(async () => {
  const artists: [string, number][] = [
    ['Selam', 1],
    ['Selamawit Band', 100],
    ['Selam Ensemble', 10],
    ['Friends of Selam', 50],
    ['Kiselam Trio', 500],
    ['Sellam Trio', 5],
    ['Blue Notes', 1000],
    ['ሰላም ባንድ', 3],
  ];
  for (const [name, plays] of artists) ids[name] = await makeArtist(t.db, name, plays);
  ids['100% Hits'] = await makeAlbum(t.db, '100% Hits', [ids['Blue Notes']!], 1);
  ids['1000 Hits'] = await makeAlbum(t.db, '1000 Hits', [ids['Blue Notes']!], 99);
  ids.Tizita = await makeTrack(t.db, 'Tizita', [ids['Selam Ensemble']!], { plays: 7 });
  ids.Ambassel = await makeTrack(t.db, 'Ambassel', [ids['Selam Ensemble']!], { plays: 70 });
  ids['Blue Selam'] = await makeTrack(t.db, 'Blue Selam', [ids['Blue Notes']!], { plays: 1 });

  const owner = await createUser(t.db, {
    firstName: 'Selam',
    lastName: 'Tesfaye',
    email: 'hidden.address@example.test',
  });
  ids.user = owner.id;
  ids.nameless = (
    await createUser(t.db, { firstName: '', lastName: '', email: 'selamsecret@example.test' })
  ).id;
  ownerActor = await sessionFor(t.db, owner.id);
  const make = async (name: string, isPublic: boolean) =>
    (
      await request(t.app, ownerActor, {
        method: 'POST',
        url: '/api/v1/playlists',
        payload: { name, public: isPublic },
      })
    ).json().playlist.id as number;
  ids['Selam Vibes'] = await make('Selam Vibes', true);
  ids['Selam Secret'] = await make('Selam Secret', false);
  viewer = await sessionFor(t.db, (await createUser(t.db)).id);
});

async function search(query: string, params: Record<string, string> = {}, actor: Client = viewer) {
  const qs = new URLSearchParams({ query, ...params });
  const res = await request(t.app, actor, { method: 'GET', url: `/api/v1/search?${qs}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const names = (section: { data: { name?: string; display_name?: string }[] }) =>
  section.data.map((x) => x.name ?? x.display_name);

describe('search', () => {
  it('ranks exact > prefix > word > substring > fuzzy, ties by plays', async () => {
    const res = await search('Selam', { types: 'artist', perPage: '20' });
    expect(Object.keys(res.results)).toEqual(['artist']);
    expect(names(res.results.artist)).toEqual([
      'Selam', // exact
      'Selamawit Band', // prefix, 100 plays
      'Selam Ensemble', // prefix, 10 plays
      'Friends of Selam', // word
      'Kiselam Trio', // substring (500 plays do not lift it above better matches)
      'Sellam Trio', // fuzzy
    ]);
    expect(res.results.artist.total).toBe(6);
  });

  it('tolerates typos: "selam ensembel" finds Selam Ensemble first, and its tracks', async () => {
    const res = await search('selam ensembel');
    expect(res.results.artist.data[0].name).toBe('Selam Ensemble');
    expect(names(res.results.track)).toEqual(['Ambassel', 'Tizita']);
    const typo = await search('tizta', { types: 'track' });
    expect(names(typo.results.track)).toEqual(['Tizita']);
  });

  it('finds tracks by their own name before tracks of a matching artist', async () => {
    const res = await search('selam', { types: 'track' });
    expect(names(res.results.track)).toEqual(['Blue Selam', 'Ambassel', 'Tizita']);
    expect(res.results.track.data[1].artists[0].name).toBe('Selam Ensemble');
  });

  it('paginates each section', async () => {
    const page2 = await search('selam', { types: 'artist', perPage: '2', page: '2' });
    expect(page2.results.artist).toMatchObject({ total: 6, current_page: 2, per_page: 2, next_page: 3 });
    expect(names(page2.results.artist)).toEqual(['Selam Ensemble', 'Friends of Selam']);
    const past = await search('selam', { types: 'artist', perPage: '5', page: '9' });
    expect(past.results.artist).toMatchObject({ total: 6, data: [], next_page: null });
  });

  it('shares the ranking of identical searches, yet never shows a playlist made private since', async () => {
    const found = await search('vibes', { types: 'playlist' });
    expect(names(found.results.playlist)).toEqual(['Selam Vibes']);
    // A guest's whole answer is kept as bytes (asked twice: the same bytes).
    const first = await request(t.app, guest(), { url: '/api/v1/search?query=vibes&types=playlist' });
    const again = await request(t.app, guest(), { url: '/api/v1/search?query=vibes&types=playlist' });
    expect(again.body).toBe(first.body);
    expect(names(first.json().results.playlist)).toEqual(['Selam Vibes']);
    const hide = await request(t.app, ownerActor, {
      method: 'PUT',
      url: `/api/v1/playlists/${ids['Selam Vibes']}`,
      payload: { public: false },
    });
    expect(hide.statusCode, hide.body).toBe(200);
    // The ranking is cached; the answer is not: the playlist is left out at once, for guests too.
    expect((await search('vibes', { types: 'playlist' })).results.playlist.data).toEqual([]);
    expect((await search('vibes', { types: 'playlist' }, guest())).results.playlist.data).toEqual([]);
    await request(t.app, ownerActor, {
      method: 'PUT',
      url: `/api/v1/playlists/${ids['Selam Vibes']}`,
      payload: { public: true },
    });
  });

  it("shows a user's new public name, a playlist's new tracks count and its deletion to guests at once", async () => {
    const before = await search('tesfaye', { types: 'user' }, guest());
    expect(before.results.user.data).toEqual([{ id: ids.user, display_name: 'Selam Tesfaye', avatar: null }]);
    const renamed = await request(t.app, ownerActor, {
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { first_name: 'Selamawit', last_name: 'Tesfaye' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await search('tesfaye', { types: 'user' }, guest())).results.user.data).toEqual([
      { id: ids.user, display_name: 'Selamawit Tesfaye', avatar: null },
    ]);
    await request(t.app, ownerActor, {
      method: 'PUT',
      url: '/api/v1/users/me',
      payload: { first_name: 'Selam', last_name: 'Tesfaye' },
    });
    // A playlist's tracks count follows its entries; a deleted playlist leaves the answer.
    const made = await request(t.app, ownerActor, {
      method: 'POST',
      url: '/api/v1/playlists',
      payload: { name: 'Kebero Mornings' },
    });
    const playlistId = made.json().playlist.id;
    const asGuest = async () =>
      (await search('kebero', { types: 'playlist' }, guest())).results.playlist.data;
    expect(await asGuest()).toMatchObject([{ name: 'Kebero Mornings', tracks_count: 0 }]);
    const added = await request(t.app, ownerActor, {
      method: 'POST',
      url: `/api/v1/playlists/${playlistId}/tracks`,
      payload: { track_ids: [ids.Tizita] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await asGuest()).toMatchObject([{ name: 'Kebero Mornings', tracks_count: 1 }]);
    const deleted = await request(t.app, ownerActor, {
      method: 'DELETE',
      url: `/api/v1/playlists/${playlistId}`,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await asGuest()).toEqual([]);
  });

  it('drops cached searches on a catalogue write', async () => {
    expect((await search('zebulon', { types: 'artist' })).results.artist.total).toBe(0);
    const admin = await sessionFor(t.db, await adminUserId(t.db));
    const made = await request(t.app, admin, {
      method: 'POST',
      url: '/api/v1/artists',
      payload: { name: 'Zebulon' },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(names((await search('zebulon', { types: 'artist' })).results.artist)).toEqual(['Zebulon']);
  });

  it('treats LIKE wildcards in the query as text', async () => {
    expect(escapeLike('a%b_c\\')).toBe('a\\%b\\_c\\\\');
    const res = await search('100%', { types: 'album' });
    // "1000 Hits" has more plays and matches the word prefix, but only "100% Hits" starts with "100%".
    expect(names(res.results.album)).toEqual(['100% Hits', '1000 Hits']);
    const underscore = await search('_', { types: 'album,artist' });
    expect(underscore.results.album.total).toBe(0);
    expect(underscore.results.artist.total).toBe(0);
    // Words before the last are whole words; the last is a prefix unless a space ends the query.
    expect(parseQuery("it's (a) & b:*").tsquery).toBe("'it' & 's' & 'a' & 'b':*");
    expect(parseQuery('blue no').tsquery).toBe("'blue' & 'no':*");
    expect(parseQuery('blue notes ').tsquery).toBe("'blue' & 'notes'");
  });

  it('finds users by public name only, never by email, and only public playlists', async () => {
    const res = await search('selam', { types: 'user,playlist' });
    expect(res.results.user.data).toEqual([{ id: ids.user, display_name: 'Selam Tesfaye', avatar: null }]);
    expect(names(res.results.playlist)).toEqual(['Selam Vibes']);
    // A private playlist is not counted either: the total and the pages know nothing of it.
    expect(res.results.playlist.total).toBe(1);
    expect((await search('secret', { types: 'playlist' })).results.playlist.total).toBe(0);
    expect((await search('selamsecret', { types: 'user' })).results.user.total).toBe(0);
    expect((await search('hidden.address', { types: 'user' })).results.user.total).toBe(0);
    expect(JSON.stringify(res)).not.toContain('@');
  });

  it('matches non-Latin names and short queries, and guests may search', async () => {
    expect(names((await search('ሰላም', { types: 'artist' }, guest())).results.artist)).toEqual(['ሰላም ባንድ']);
    // Short queries: name prefixes (by plays), then word prefixes; no trigram matching.
    expect(names((await search('se', { types: 'artist' })).results.artist)).toEqual([
      'Selamawit Band',
      'Selam Ensemble',
      'Sellam Trio',
      'Selam',
      'Friends of Selam',
    ]);
    const all = await search('blue');
    expect(Object.keys(all.results).sort()).toEqual(['album', 'artist', 'playlist', 'track', 'user']);
    expect(all.results.artist.data[0].name).toBe('Blue Notes');
  });

  it('validates the query', async () => {
    const res = await request(t.app, viewer, { method: 'GET', url: '/api/v1/search?query=%20&types=nope' });
    expect(res.statusCode).toBe(422);
  });
});

describe('search under load', () => {
  /** Occupies the gate's slot (and, with `queued`, its queue) until the returned release is called. */
  function holdGate(queued = false) {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const runs = [inner.run(() => held)];
    if (queued) runs.push(inner.run(() => held));
    return async () => {
      release();
      await Promise.all(runs);
    };
  }
  const ask = (query: string, actor: Client = viewer) =>
    request(t.app, actor, { method: 'GET', url: `/api/v1/search?${new URLSearchParams({ query })}` });

  it('refuses a search at once with 503 and Retry-After while the gate and its queue are full', async () => {
    const release = holdGate(true);
    const res = await ask('ambassel');
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ message: SEARCH_BUSY_MESSAGE });
    await release();
    // Refusals are not cached: the same search is answered once there is room.
    const again = await ask('ambassel');
    expect(again.statusCode).toBe(200);
    expect(names(again.json().results.track)).toEqual(['Ambassel']);
  });

  it('computes identical searches in flight once, and refuses a different one while full', async () => {
    const release = holdGate();
    const before = entered;
    // Two identical searches (never asked before) share one computation: one place in the queue.
    const first = ask('friends of');
    const second = ask('friends of', guest());
    await reached(before + 1);
    expect([inner.running, inner.waiting]).toEqual([1, 1]);
    // A different search finds the queue taken by the shared computation.
    const other = await ask('kiselam');
    expect(other.statusCode).toBe(503);
    await release();
    const [a, b] = await Promise.all([first, second]);
    expect(entered).toBe(before + 2);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(names(a.json().results.artist)).toEqual(['Friends of Selam']);
    expect(b.json().results).toEqual(
      // The guest's answer is the same, without the signed-in viewer's flags.
      JSON.parse(JSON.stringify(a.json().results, (k, v) => (k === 'liked' ? undefined : v))),
    );
  });

  it("answers cached searches without the gate, with each caller's own likes", async () => {
    const first = await ask('tizita', guest());
    expect(first.statusCode).toBe(200);
    const liker = await sessionFor(t.db, (await createUser(t.db)).id);
    const liked = await request(t.app, liker, { method: 'PUT', url: `/api/v1/me/likes/track/${ids.Tizita}` });
    expect(liked.statusCode, liked.body).toBe(200);
    const release = holdGate(true);
    try {
      const before = entered;
      const mine = await ask('tizita', liker);
      const theirs = await ask('tizita', viewer);
      const guests = await ask('tizita', guest());
      expect(entered).toBe(before);
      expect(mine.json().results.track.data[0]).toMatchObject({ name: 'Tizita', liked: true });
      expect(theirs.json().results.track.data[0]).toMatchObject({ name: 'Tizita', liked: false });
      expect(guests.json().results.track.data[0]).not.toHaveProperty('liked');
      // Likes are read afresh on every answer.
      await request(t.app, liker, { method: 'DELETE', url: `/api/v1/me/likes/track/${ids.Tizita}` });
      expect((await ask('tizita', liker)).json().results.track.data[0].liked).toBe(false);
    } finally {
      await release();
    }
  });
});

describe('query plans', () => {
  beforeAll(async () => {
    // A few thousand rows of hex names (no letters of the ranking tests' queries), then fresh stats.
    await t.db.execute(sql`insert into artists (name, plays)
      select 'gen ' || substr(md5(g::text), 1, 6) || ' ' || substr(md5(g::text), 7, 5), g from generate_series(1, 2000) g`);
    await t.db.execute(sql`insert into tracks (name, plays)
      select substr(md5(g::text), 1, 7) || ' ' || substr(md5(g::text), 8, 6), g from generate_series(1, 4000) g`);
    await t.db.execute(sql`insert into track_artist (track_id, artist_id)
      select t.id, a.id from tracks t join artists a on a.id = (select min(id) from artists) + (t.id % 2000)
      on conflict do nothing`);
    await t.db.execute(sql`analyze artists`);
    await t.db.execute(sql`analyze tracks`);
    await t.db.execute(sql`analyze search_words`);
  });

  /**
   * Plan of a section query. With a few thousand rows a sequential scan may be cheaper, so scans
   * are discouraged: what is checked is that every condition matches an index expression (the
   * 100 000-track benchmark shows the planner choosing them on its own).
   */
  async function plan(type: 'track' | 'artist', query: string, fuzzy: string | null) {
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
      const rows = await queryRows<Record<string, string>>(
        tx as unknown as Database,
        sql`explain ${sectionQuery(type, parseQuery(query), fuzzy, 5)}`,
      );
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
  }

  it('finds candidates through the name indexes, never by scanning the tables', async () => {
    for (const [query, fuzzy] of [
      ['a3f9c', null],
      ['a3f9c e01', "('a3f9c' | 'a3f9d') & 'e01':*"],
      ['ab', null],
    ] as const) {
      const tracksPlan = await plan('track', query, fuzzy);
      expect(tracksPlan).toContain('tracks_name_fts');
      // 3+ characters: names starting with the query by btree range, substrings by trigrams.
      if (query.length >= 3) expect(tracksPlan).toContain('tracks_name_trgm');
      // The range may come from either btree on lower(name): search's own, or the admin list's sort.
      if (query.length >= 3) expect(tracksPlan).toMatch(/tracks_name_(prefix|sort)/);
      // Fuzzy names come through the full-text index with the nearby words, not a trigram scan.
      if (fuzzy) expect(tracksPlan).toMatch(/tracks_name_fts[\s\S]*a3f9d/);
      expect(tracksPlan).not.toMatch(/<%|%>/);
      // Tracks found through their artists (not for one- or two-letter queries).
      if (query.length >= 3) expect(tracksPlan).toContain('artists_name_fts');
      expect(tracksPlan).not.toMatch(/Seq Scan on (tracks|artists)/);
      const artistsPlan = await plan('artist', query, fuzzy);
      expect(artistsPlan).toContain('artists_name_fts');
      expect(artistsPlan).not.toMatch(/Seq Scan on artists/);
    }
  });

  it('adds the words of a renamed artist and of a user who changes their name (decision 0014)', async () => {
    const [artist] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into artists (name) values ('Plain Name') returning id`,
    );
    await t.db.execute(sql`update artists set name = 'Qwertzuiop Yodel' where id = ${artist!.id}`);
    const user = await createUser(t.db, { firstName: 'Asdfghjk', lastName: 'Lkjhgf' });
    await t.db.execute(sql`update users set display_name = 'Mnbvcxz Poiuy' where id = ${user.id}`);
    const rows = await queryRows<{ word: string }>(
      t.db,
      sql`select word from search_words where word in ('qwertzuiop', 'yodel', 'asdfghjk', 'mnbvcxz', 'poiuy') order by word`,
    );
    expect(rows.map((r) => r.word)).toEqual(['asdfghjk', 'mnbvcxz', 'poiuy', 'qwertzuiop', 'yodel']);
  });

  it('finds nearby words through the word list index, and keeps it filled by triggers', async () => {
    // Words of the names inserted above reached search_words through the triggers.
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from search_words where word in ('ensemble', 'tizita', 'tesfaye')`,
    );
    expect(row!.n).toBe(3);
    expect(await fuzzyTsquery(t.db, parseQuery('Selam Ensembel'))).toMatch(
      /^\('selam' \| [^)]*'sellam'[^)]*\) & \('ensembel':\* \| 'ensemble':\*[^)]*\)$/,
    );
    expect(await fuzzyTsquery(t.db, parseQuery('zzqx'))).toBeNull();
    const rows = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
      return queryRows<Record<string, string>>(
        tx as unknown as Database,
        sql`explain select word from search_words where word % 'ensembel'`,
      );
    });
    expect(rows.map((r) => Object.values(r)[0]).join('\n')).toContain('search_words_trgm');
  });
});

describe('plans reused for other values', () => {
  type Row = { id: number; total: number };
  let lowest: number[];
  let trackArtist: Map<number, number>;

  beforeAll(async () => {
    // 25 artists matching one word, all as often played, stored in the reverse order of their ids
    // (so neither table order nor id order is the order a plan gathers them in); one track each,
    // whose own name does not match.
    const [top] = await queryRows<{ id: number }>(
      t.db,
      sql`select coalesce(max(id), 0)::int as id from artists`,
    );
    const base = top!.id + 1000;
    const artistIds = Array.from({ length: 25 }, (_, i) => base + 25 - i);
    trackArtist = new Map();
    for (const id of artistIds) {
      await t.db.execute(sql`insert into artists (id, name, plays) values (${id}, ${`Zqtie Band ${id}`}, 7)`);
      trackArtist.set(await makeTrack(t.db, `Plain song ${id}`, [id]), id);
    }
    lowest = [...artistIds].sort((a, b) => a - b).slice(0, 20);
  });

  const artistsOf = (rows: Row[]) => rows.map((r) => trackArtist.get(Number(r.id))).sort((a, b) => a! - b!);

  it('takes equally played artists by id, so every plan finds the same tracks through them', async () => {
    const q = parseQuery('zqtie');
    const rows = await queryRows<Row>(t.db, sectionQuery('track', q, null, 100));
    // At most 20 artists bring their tracks: the first 20 by id, not the first the plan met.
    expect(artistsOf(rows)).toEqual(lowest);
  });

  it('answers a section from a statement planned once as from a fresh one (PGlite)', async () => {
    if (t.app.deps.database.driver !== 'pglite') return;
    const pglite = t.app.deps.database.pglite!;
    const q = parseQuery('zqtie');
    const fresh = await queryRows<Row>(t.db, sectionQuery('track', q, null, 100));
    // The plan reused for any values, as PostgreSQL may choose after five runs of a statement.
    await pglite.exec('set plan_cache_mode = force_generic_plan');
    try {
      for (let run = 0; run < 3; run++) {
        expect(await queryRowsPlanned<Row>(t.db, sectionQuery('track', q, null, 100))).toEqual(fresh);
      }
      // Other values through the same statement: another query of the same shape.
      const other = parseQuery('plain');
      expect(await queryRowsPlanned<Row>(t.db, sectionQuery('track', other, null, 100))).toEqual(
        await queryRows<Row>(t.db, sectionQuery('track', other, null, 100)),
      );
    } finally {
      await pglite.exec('reset plan_cache_mode');
    }
    // The statement was indeed prepared and run with the reused plan.
    const [reused] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_prepared_statements where generic_plans > 0`,
    );
    expect(reused!.n).toBeGreaterThan(0);
  });
});
