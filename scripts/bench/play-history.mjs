// A play history for the dashboard benchmark: N plays (default 10 000 000) over the last 13 months
// on top of the large catalogue (scripts/bench/large-catalogue.mjs), then the dashboard's rollups
// rebuilt from them.
//
//   DATABASE_URL=postgres://… node scripts/bench/play-history.mjs
//   node scripts/bench/play-history.mjs --pglite <dir>/db       options: --plays 1000000 --months 13
//
// The rows are made by the database (INSERT … SELECT over generate_series, a million per statement),
// drawn by a fixed hash of the row number, with the skews a real service has: plays come in
// listening sessions of 16 tracks 3½ minutes apart; listeners are 100 000, a few of them heavy (the
// square of a uniform number picks one); a session's tracks follow the catalogue's popularity
// (the cube of a uniform number: the top track has 2 % of all plays); the service grows (more plays
// recently); a listener keeps one country (Ethiopia first, then the diaspora's countries) and one
// device (phones first) with a matching OS and browser. The table's triggers are off during the load
// (one aggregation afterwards is much faster than ten million upserts) and the rollups are then
// rebuilt with analytics_rebuild(), the function the server's rebuildRollups() calls.
import { parseArgs } from 'node:util';
import { openDatabase, timedSteps } from './zema-process.mjs';

const { values: opts } = parseArgs({
  options: {
    pglite: { type: 'string' },
    plays: { type: 'string', default: '10000000' },
    months: { type: 'string', default: '13' },
    listeners: { type: 'string', default: '100000' },
    quiet: { type: 'boolean', default: false },
  },
});
const PLAYS = Number(opts.plays);
const DAYS = Math.round(Number(opts.months) * 30.4);
const LISTENERS = Number(opts.listeners);
const BATCH = 1_000_000;
const log = opts.quiet ? () => {} : (...a) => console.log(...a);

// Knuth multiplicative hash of a number, in [0, 1): deterministic, well spread.
const u = (expr, salt) => `((((${expr})::bigint * 2654435761 + ${salt}) % 2147483647) / 2147483647.0)`;
/** A weighted pick: `choices` = [[sql value, weight], …] by the uniform number `x`. */
function pick(x, choices) {
  const total = choices.reduce((s, [, w]) => s + w, 0);
  let acc = 0;
  const arms = choices.map(([value, w]) => {
    acc += w / total;
    return `when ${x} < ${acc.toFixed(6)} then ${value}`;
  });
  return `(case ${arms.slice(0, -1).join(' ')} else ${choices.at(-1)[0]} end)`;
}

const db = await openDatabase(opts.pglite);
const t0 = performance.now();
const step = timedSteps(db, log);

const [{ n: trackCount, m: maxTrack }] = await db.query(
  'select count(*)::int as n, coalesce(max(id), 0)::int as m from tracks',
);
if (trackCount === 0) {
  console.error('No tracks: generate the large catalogue first (scripts/bench/large-catalogue.mjs).');
  await db.close();
  process.exit(1);
}
const [{ n: existing }] = await db.query(`select count(*)::int as n from plays where listen_id like 'h-%'`);
if (existing > 0) {
  console.log(`The database already has a play history (${existing} plays): kept as it is.`);
  await db.close();
  process.exit(3);
}

log(`Play history into ${db.name}: ${PLAYS} plays over ${DAYS} days, ${LISTENERS} listeners`);
const session = 'i / 16';
// Per listener: country, then a device profile (type, OS, browser).
const listener = `(1 + floor(${LISTENERS} * power(${u(session, 7)}, 2))::int)`;
const COUNTRIES = [
  [`'ET'`, 46],
  [`'US'`, 12],
  [`'KE'`, 5],
  [`'DE'`, 4],
  [`'GB'`, 4],
  [`'SE'`, 3],
  [`'CA'`, 3],
  [`'IL'`, 3],
  [`'SA'`, 3],
  [`'AE'`, 3],
  [`'ER'`, 2],
  [`'NL'`, 2],
  [`'FR'`, 2],
  [`'IT'`, 2],
  [`'AU'`, 2],
  [`'NO'`, 1],
  [`'ZA'`, 1],
  [`'IN'`, 1],
  ['null', 1],
];
// device | platform | browser, one string per profile, split below.
const PROFILES = [
  [`'mobile|Android|Chrome'`, 34],
  [`'mobile|iOS|Mobile Safari'`, 20],
  [`'mobile|Android|Samsung Internet'`, 6],
  [`'computer|Windows|Chrome'`, 14],
  [`'computer|Windows|Edge'`, 5],
  [`'computer|Windows|Firefox'`, 3],
  [`'computer|Mac OS|Safari'`, 5],
  [`'computer|Mac OS|Chrome'`, 3],
  [`'computer|Linux|Firefox'`, 2],
  [`'tablet|iOS|Mobile Safari'`, 4],
  [`'tablet|Android|Chrome'`, 2],
  [`'|'`, 2],
];
// Popularity over the catalogue, as large-catalogue.mjs draws its plays.
const track = `(1 + floor(${maxTrack} * power(${u('i', 173)}, 3))::int)`;
// Sessions start anywhere in the period, more often recently (the service grows); their plays
// follow 3½ minutes apart, never after now.
const played = `least(now(), now() - ${DAYS} * interval '1 day' * power(${u(session, 191)}, 1.25) + (i % 16) * interval '210 seconds')`;

await db.query('begin');
try {
  // Every trigger off, the foreign-key checks too (the rows are joined to tracks below): a row-by-row
  // check per play was most of the load's time. Needs a superuser, as a benchmark database has.
  await db.query('alter table plays disable trigger all');
  const indexes = await db.query(
    `select indexname, indexdef from pg_indexes i where schemaname = current_schema() and tablename = 'plays'
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  await step(
    `drop ${indexes.length} play indexes`,
    indexes.map((i) => `drop index "${i.indexname}"`).join(';'),
  );
  for (let from = 1; from <= PLAYS; from += BATCH) {
    const to = Math.min(PLAYS, from + BATCH - 1);
    await step(
      `plays ${from}–${to}`,
      // Each level is computed once (offset 0 keeps the planner from inlining it into the next,
      // which would hash the listener again in every arm of the picks).
      `insert into plays (track_id, user_id, listener, listen_id, seconds_listened, played_at, country, device_type, platform, browser)
       select t.id, null, 'h-' || q.listener, 'h-' || q.i, 30 + (q.i % 180), q.played_at, q.country,
              nullif(split_part(q.profile, '|', 1), ''), nullif(split_part(q.profile, '|', 2), ''), nullif(split_part(q.profile, '|', 3), '')
       from (
         select b.i, b.listener, b.track, b.played_at, ${pick('b.cu', COUNTRIES)} as country, ${pick('b.pu', PROFILES)} as profile
         from (
           select a.*, ${u('a.listener', 11)} as cu, ${u('a.listener', 13)} as pu
           from (select i, ${listener} as listener, ${track} as track, ${played} as played_at
                 from generate_series(${from}, ${to}) i offset 0) a
           offset 0) b
         offset 0) q
       join tracks t on t.id = q.track`,
    );
  }
  await step(`rebuild ${indexes.length} play indexes`, indexes.map((i) => i.indexdef).join(';'));
  await step(
    'track, album, artist counters',
    `update tracks t set plays = c.n from (select track_id, count(*)::bigint as n from plays group by 1) c where c.track_id = t.id;
     update albums a set plays = c.n from (select album_id, sum(plays)::bigint as n from tracks where album_id is not null group by 1) c where c.album_id = a.id;
     update artists a set plays = c.n from (select ta.artist_id, sum(t.plays)::bigint as n from track_artist ta join tracks t on t.id = ta.track_id group by 1) c where c.artist_id = a.id`,
  );
  await step('rollups (analytics_rebuild)', 'select analytics_rebuild(null, null)');
  await db.query('alter table plays enable trigger all');
  await db.query('commit');
} catch (err) {
  await db.query('rollback');
  await db.close();
  throw err;
}
await step('analyze', 'analyze');
const [{ n: total }] = await db.query('select count(*)::int as n from plays');
const [{ r: rollupRows }] = await db.query('select count(*)::int as r from play_rollups');
const [{ r: listenerRows }] = await db.query('select count(*)::int as r from listener_rollups');
await db.close();
console.log(
  `Play history generated in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${total} plays, ${rollupRows} play_rollups rows, ${listenerRows} listener_rollups rows`,
);
