// A large catalogue for benchmarks: 100 000 tracks, 10 000 artists, 20 000 albums, credits,
// genres and 100 000 plays over the last 14 days — without audio bytes per track (src stays null,
// or every track points at one shared file with --audio-key).
//
//   DATABASE_URL=postgres://… node scripts/bench/large-catalogue.mjs
//   node scripts/bench/large-catalogue.mjs --pglite data/db        # the app's embedded database
//   options: --scale 0.1 (a tenth of everything), --audio-key audio/demo/x.mp3 --audio-size N
//
// The rows are made by the database itself (INSERT … SELECT over generate_series), so nothing is
// sent row by row and PGlite and PostgreSQL run the same statements. Names are drawn from word
// lists by a fixed hash of the row number: the same catalogue every time, with realistic overlap
// (many tracks share words, so search has to rank). Migrations are applied first; a database that
// already has tracks is refused (--append adds another batch beside them, --if-empty keeps it and exits with 3).
import { parseArgs } from 'node:util';
import { openDatabase, timedSteps } from './zema-process.mjs';

const { values: opts } = parseArgs({
  options: {
    pglite: { type: 'string' },
    scale: { type: 'string', default: '1' },
    append: { type: 'boolean', default: false },
    'if-empty': { type: 'boolean', default: false },
    'audio-key': { type: 'string' },
    'audio-size': { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});
const scale = Number(opts.scale);
const N = {
  artists: Math.round(10_000 * scale),
  albums: Math.round(20_000 * scale),
  tracks: Math.round(100_000 * scale),
  plays: Math.round(100_000 * scale),
};
const log = opts.quiet ? () => {} : (...a) => console.log(...a);

// Word lists for names; Amharic words (transliterated) beside English ones, as in the demo.
const W1 = `Blue Golden Silent Electric Midnight Morning Distant Hidden Broken Velvet Crimson Silver
  Wild Quiet Burning Frozen Endless Little Lost Sacred Lonely Bright Hollow Gentle Restless Secret
  Northern Southern Painted Wandering Dancing Falling Rising Sleeping Shining Tizita Ambassel Bati
  Anchihoye Selam Fikir Tesfa Ethiopia Addis Abay Tana Simien Entoto Lalibela Gondar Harar Axum
  Merkato Piassa Bole Meskel Timket Kiremt Bega Buna Injera`.split(/\s+/);
const W2 = `River Night Heart Road City Dream Fire Rain Light Shadow Song Wind Sky Ocean Mountain Garden
  Echo Season Horizon Window Letter Market Train Harbor Mirror Lantern Bridge Valley Forest Desert
  Island Candle Thunder Whisper Memory Promise Journey Station Circle Signal Dance Prayer Story
  Festival Highway Village Temple Caravan Feather Compass Anthem Lullaby Rhythm Groove Chant Waltz
  Blues Melody Sunrise Sunset Moonlight`.split(/\s+/);
const W3 = `Ensemble Collective Trio Quartet Band Orchestra Sound System Project Brothers Sisters Club
  Express Experience Unit Society Movement Crew Kings Queens`.split(/\s+/);
const GENRES = `ethio-jazz afrobeat ambient lo-fi synthwave folk house highlife reggae soul funk gospel
  blues rock pop hip-hop r-b classical jazz techno disco dub tizita azmari eskista dance electronic
  acoustic world latin`.split(/\s+/);

const arr = (words) =>
  `array[${words
    .filter(Boolean)
    .map((w) => `'${w.replace(/'/g, "''")}'`)
    .join(',')}]`;
// Knuth multiplicative hash of the row number, in [0, 2^31): deterministic, well spread.
const h = (expr, salt) => `(((${expr})::bigint * 2654435761 + ${salt}) % 2147483647)`;
const pickWord = (list, expr, salt) =>
  `(${arr(list)})[1 + ${h(expr, salt)} % ${list.filter(Boolean).length}]`;

const db = await openDatabase(opts.pglite);
const t0 = performance.now();
const step = timedSteps(db, log);

const [{ n: existing }] = await db.query('select count(*)::int as n from tracks');
if (existing > 0 && opts['if-empty']) {
  console.log(`The database already has ${existing} tracks: kept as it is.`);
  await db.close();
  // A distinct code, so a caller can tell "kept" from "generated".
  process.exit(3);
}
if (existing > 0 && !opts.append) {
  console.error(`The database already has ${existing} tracks; pass --append to add another batch.`);
  await db.close();
  process.exit(1);
}
const base = async (table) => (await db.query(`select coalesce(max(id), 0)::int as m from ${table}`))[0].m;
const B = { artists: await base('artists'), albums: await base('albums'), tracks: await base('tracks') };
const batch = (await base('plays')) + 1;

log(`Large catalogue into ${db.name}: ${N.tracks} tracks, ${N.artists} artists, ${N.albums} albums`);
await db.query('begin');
await step(
  'genres',
  `insert into genres (name, display_name)
   select g, initcap(replace(g, '-', ' ')) from unnest(${arr(GENRES)}) g on conflict (name) do nothing`,
);
// Secondary indexes are dropped and rebuilt after the load: one sort per index instead of 100 000
// incremental GIN (trigram, full-text) insertions, several times faster on both databases.
const TABLES = [
  'artists',
  'artist_genre',
  'albums',
  'album_artist',
  'tracks',
  'track_artist',
  'track_genre',
  'plays',
];
const indexes = await db.query(
  `select indexname, indexdef from pg_indexes i
   where schemaname = current_schema() and tablename in (${TABLES.map((t) => `'${t}'`).join(',')})
     and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
);
await step(`drop ${indexes.length} indexes`, indexes.map((i) => `drop index "${i.indexname}"`).join(';'));
// The play history is drawn first, so every counter is written once with its row (an UPDATE of
// 100 000 rows would rewrite their index entries): plays skew towards a few hits (the cube of a
// uniform number) and spread over the last 14 days.
const playTrack = `1 + floor(${N.tracks} * power((${h('i', 173)} % 1000000) / 1000000.0, 3))::int`;
const guestOf = (idx) => `(${h(idx, 167)} % ${N.artists})`;
const ownerOf = (idx) => `(((${idx}) - 1) % ${N.albums}) % ${N.artists}`;
await step(
  'play counts',
  `create temp table bench_track_plays as
     select ${playTrack} as idx, count(*)::int as n from generate_series(1, ${N.plays}) i group by 1;
   create temp table bench_artist_plays as
     select a, sum(n)::bigint as n from (
       select ${ownerOf('idx')} + 1 as a, n from bench_track_plays
       union all
       select ${guestOf('idx')} + 1, n from bench_track_plays where idx % 10 = 0 and ${guestOf('idx')} <> ${ownerOf('idx')}
     ) x group by a;
   create temp table bench_album_plays as
     select (idx - 1) % ${N.albums} + 1 as al, sum(n)::bigint as n from bench_track_plays group by 1`,
);
// Explicit ids (then the sequences moved past them) so credits can be computed, not looked up.
await step(
  'artists',
  `insert into artists (id, name, verified, bio, links, plays, created_at)
   select ${B.artists} + i,
          case when i % 3 = 0 then ${pickWord(W1, 'i', 11)} || ' ' || ${pickWord(W2, 'i', 23)} || ' ' || ${pickWord(W3, 'i', 37)}
               when i % 3 = 1 then 'The ' || ${pickWord(W1, 'i', 41)} || ' ' || ${pickWord(W2, 'i', 53)} || 's'
               else ${pickWord(W2, 'i', 59)} || ' ' || ${pickWord(W1, 'i', 61)} || ' ' || ${pickWord(W3, 'i', 67)} end,
          i % 9 = 0,
          'Generated artist ' || i || ' for benchmarks.',
          '[]'::jsonb,
          coalesce(p.n, 0),
          now() - (${h('i', 71)} % 3000) * interval '1 day'
   from generate_series(1, ${N.artists}) i left join bench_artist_plays p on p.a = i`,
);
await step(
  'artist genres',
  `insert into artist_genre (artist_id, genre_id)
   select distinct ${B.artists} + i, g.id from generate_series(1, ${N.artists}) i
   cross join lateral (select id from genres order by id offset (${h('i', 73)} % ${GENRES.length}) limit 1) g`,
);
await step(
  'albums',
  `insert into albums (id, name, release_date, type, plays, created_at)
   select ${B.albums} + i,
          case when i % 4 = 0 then ${pickWord(W2, 'i', 79)} || ' of ' || ${pickWord(W1, 'i', 83)}
               else ${pickWord(W1, 'i', 89)} || ' ' || ${pickWord(W2, 'i', 97)} end,
          date '2000-01-01' + (${h('i', 101)} % 9400)::int,
          (array['album','album','album','single','ep'])[1 + ${h('i', 103)} % 5],
          coalesce(p.n, 0),
          now() - (${h('i', 107)} % 3000) * interval '1 day'
   from generate_series(1, ${N.albums}) i left join bench_album_plays p on p.al = i`,
);
// Album i belongs to artist ((i-1) % artists) + 1: two albums per artist; every 25th has a guest.
await step(
  'album credits',
  `insert into album_artist (album_id, artist_id, position)
   select ${B.albums} + i, ${B.artists} + 1 + (i - 1) % ${N.artists}, 0 from generate_series(1, ${N.albums}) i
   union all
   select ${B.albums} + i, ${B.artists} + 1 + (${h('i', 109)} % ${N.artists}), 1 from generate_series(1, ${N.albums}) i
   where i % 25 = 0 and ${h('i', 109)} % ${N.artists} <> (i - 1) % ${N.artists}`,
);
// Track i is number ((i-1) / albums) + 1 on album ((i-1) % albums) + 1: five tracks per album.
await step(
  'tracks',
  `insert into tracks (id, name, album_id, number, duration_ms, src, file_size, format, bitrate, plays, created_at)
   select ${B.tracks} + i,
          case when i % 5 = 0 then ${pickWord(W1, 'i', 113)} || ' ' || ${pickWord(W2, 'i', 127)} || ' ' || ${pickWord(W2, 'i', 131)}
               when i % 5 = 1 then ${pickWord(W2, 'i', 137)} || ' in the ' || ${pickWord(W2, 'i', 139)}
               else ${pickWord(W1, 'i', 149)} || ' ' || ${pickWord(W2, 'i', 151)} end,
          ${B.albums} + 1 + (i - 1) % ${N.albums},
          (i - 1) / ${N.albums} + 1,
          120000 + ${h('i', 157)} % 240000,
          ${opts['audio-key'] ? `'${opts['audio-key']}', ${Number(opts['audio-size'] ?? 0) || 'null'}, 'mp3', 32` : 'null, null, null, null'},
          coalesce(p.n, 0),
          now() - (${h('i', 163)} % 3000) * interval '1 day'
   from generate_series(1, ${N.tracks}) i left join bench_track_plays p on p.idx = i`,
);
await step(
  'track credits',
  `insert into track_artist (track_id, artist_id, position)
   select ${B.tracks} + i, ${B.artists} + 1 + ${ownerOf('i')}, 0 from generate_series(1, ${N.tracks}) i
   union all
   select ${B.tracks} + i, ${B.artists} + 1 + ${guestOf('i')}, 1 from generate_series(1, ${N.tracks}) i
   where i % 10 = 0 and ${guestOf('i')} <> ${ownerOf('i')}`,
);
await step(
  'track genres',
  `insert into track_genre (track_id, genre_id)
   select ta.track_id, min(ag.genre_id) from track_artist ta join artist_genre ag on ag.artist_id = ta.artist_id
   where ta.position = 0 and ta.track_id > ${B.tracks} group by ta.track_id`,
);
await step(
  'plays',
  `insert into plays (track_id, user_id, listener, listen_id, seconds_listened, played_at)
   select ${B.tracks} + ${playTrack}, null, 'bench-' || (${h('i', 179)} % 5000), 'bench-${batch}-' || i,
          30 + ${h('i', 181)} % 200, now() - (${h('i', 191)} % 1209600) * interval '1 second'
   from generate_series(1, ${N.plays}) i`,
);
await step(
  'sequences',
  `select setval(pg_get_serial_sequence('artists', 'id'), (select max(id) from artists));
   select setval(pg_get_serial_sequence('albums', 'id'), (select max(id) from albums));
   select setval(pg_get_serial_sequence('tracks', 'id'), (select max(id) from tracks))`,
);
await step(`rebuild ${indexes.length} indexes`, indexes.map((i) => i.indexdef).join(';'));
await db.query('drop table bench_track_plays, bench_artist_plays, bench_album_plays; commit');
await step('analyze', 'analyze');
await db.close();
console.log(`Large catalogue generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
