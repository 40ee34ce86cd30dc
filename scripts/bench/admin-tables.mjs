// Admin tables for `npm run bench`: the users table over 100 000 generated users (and the
// tracks table over the 100 000-track catalogue, when its list exists) — first page, a search, a
// sort on a non-key column — p50/p95 of sequential requests as the signed-in admin, next to
// GET /api/v1/users/me (a primary-key read through the same stack and database) measured in the
// same run. Budget: p95 < 50 ms each.
//
//   node scripts/bench/admin-tables.mjs                 # fresh PGlite catalogue + users (a few minutes)
//   BENCH_CATALOGUE_DIR=<dir> node scripts/bench/admin-tables.mjs   # reuse (users are added once)
//   BENCH_DATABASE_URL=postgres://… also runs against PostgreSQL
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  login,
  quantile,
  runScript,
  startZema as startServer,
  stop,
  withPglite,
  withPostgres,
} from './zema-process.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const ADMIN = { email: 'bench@zema.test', password: 'bench-password' };
const startZema = (env, port) => startServer(env, port, ADMIN);

const W1 =
  'Abebe Almaz Bethlehem Dawit Eden Fikru Genet Hana Kebede Lidya Meron Nahom Rahel Selam Tesfaye Yonas Zewdi Abel Saron Mekdes'.split(
    ' ',
  );
const W2 =
  'Alemu Bekele Desta Girma Haile Kassa Lemma Mengistu Negash Tadesse Wolde Yilma Asfaw Gebre Mulugeta Tefera'.split(
    ' ',
  );
const arr = (words) => `array[${words.map((w) => `'${w}'`).join(',')}]`;
const h = (expr, salt) => `(((${expr})::bigint * 2654435761 + ${salt}) % 2147483647)`;

/** Adds generated users (default role) until there are USERS of them; the same rows every time. */
async function addUsers(query) {
  const [{ n }] = await query("select count(*)::int as n from users where email like 'bench-user-%'");
  if (n >= USERS) return false;
  const t0 = performance.now();
  await query(`
    insert into users (email, first_name, last_name, created_at, email_verified_at, last_login_at, two_factor_confirmed_at)
    select 'bench-user-' || i || '@example.test',
           (${arr(W1)})[1 + ${h('i', 11)} % ${W1.length}],
           (${arr(W2)})[1 + ${h('i', 29)} % ${W2.length}] || ' ' || i,
           now() - (${h('i', 7)} % 730) * interval '1 day',
           case when i % 5 = 0 then null else now() - interval '800 days' end,
           case when i % 3 = 0 then null else now() - (${h('i', 13)} % 90) * interval '1 hour' end,
           case when i % 17 = 0 then now() else null end
    from generate_series(${n + 1}, ${USERS}) i`);
  await query(`
    insert into user_role (user_id, role_id)
    select u.id, r.id from users u cross join (select id from roles where "default" limit 1) r
    where u.email like 'bench-user-%' on conflict do nothing`);
  await query('analyze users; analyze user_role');
  console.log(`  ${USERS - n} users generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}

async function time(base, cookie, paths) {
  const times = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const path of paths) {
      const t0 = performance.now();
      const res = await fetch(base + path, { headers: { cookie } });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
      if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

async function benchAgainst(label, env) {
  const port = await freePort();
  const zema = await startZema(env, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const cookie = await login(base, ADMIN);
    const total = (
      await (await fetch(`${base}/api/v1/admin/users?perPage=1`, { headers: { cookie } })).json()
    ).total;
    const lastPage = Math.floor(total / 15);
    const pages = (n) => Array.from({ length: n }, (_, i) => 1 + ((i * 7919) % Math.max(1, lastPage)));
    const cases = [
      ['reference: GET users/me', ['/api/v1/users/me']],
      ['users: first page (newest)', ['/api/v1/admin/users']],
      [
        'users: search (name or email)',
        ['Selam', 'tesfaye 4', 'bench-user-4242', 'gebre', 'zz-nobody'].map(
          (q) => `/api/v1/admin/users?query=${encodeURIComponent(q)}`,
        ),
      ],
      [
        'users: sort by name',
        [
          '/api/v1/admin/users?sort=display_name&order=asc',
          '/api/v1/admin/users?sort=display_name&order=desc',
          '/api/v1/admin/users?sort=display_name&order=asc&page=2',
        ],
      ],
      [
        // Beyond the budget's cases (first pages): OFFSET walks every row it skips, so a page deep
        // in 100 000 costs in proportion to its depth. Shown for what it is.
        'users: sort by name, deep pages',
        pages(8).flatMap((p) => [
          `/api/v1/admin/users?sort=display_name&order=asc&page=${p}`,
          `/api/v1/admin/users?sort=display_name&order=desc&page=${p}`,
        ]),
      ],
      [
        'users: sort by last login',
        [
          '/api/v1/admin/users?sort=last_login_at&order=desc',
          '/api/v1/admin/users?sort=last_login_at&order=asc',
        ],
      ],
      [
        'users: filter unverified + 2FA',
        ['/api/v1/admin/users?verified=false', '/api/v1/admin/users?two_factor=true&sort=email'],
      ],
    ];
    const tracks = await fetch(`${base}/api/v1/admin/tracks?perPage=1`, { headers: { cookie } });
    if (tracks.ok) {
      cases.push(
        ['tracks: first page', ['/api/v1/admin/tracks']],
        [
          'tracks: search',
          ['Golden River', 'midnight', 'Silent Road Ensemble'].map(
            (q) => `/api/v1/admin/tracks?query=${encodeURIComponent(q)}`,
          ),
        ],
        [
          'tracks: sort by name',
          ['/api/v1/admin/tracks?sort=name&order=asc', '/api/v1/admin/tracks?sort=name&order=desc&page=50'],
        ],
      );
    }
    console.log(
      `\n[${label}] ${total.toLocaleString('en')} users, ${ROUNDS} rounds each, one request at a time`,
    );
    let reference = null;
    for (const [name, paths] of cases) {
      const r = await time(base, cookie, paths);
      reference ??= r;
      const ratio = name.startsWith('reference')
        ? ''
        : `   ${(r.p95 / reference.p95).toFixed(1)}× reference p95`;
      const verdict = name.startsWith('reference')
        ? ''
        : name.includes('deep pages')
          ? '  (no budget)'
          : r.p95 < 50
            ? '  (budget 50 ms: ok)'
            : '  (budget 50 ms: OVER)';
      console.log(
        `  ${name.padEnd(34)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms${ratio}${verdict}`,
      );
    }
    if (!tracks.ok)
      console.log(`  tracks table: GET /api/v1/admin/tracks answered ${tracks.status} (not measured)`);
  } finally {
    await stop(zema);
  }
}

const reuse = process.env.BENCH_CATALOGUE_DIR;
const dataDir = reuse ?? mkdtempSync(join(tmpdir(), 'zema-bench-admin-'));
const postgresUrl = process.env.BENCH_DATABASE_URL;
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
try {
  if (!existsSync(join(dataDir, 'db'))) {
    const code = await runScript('scripts/bench/large-catalogue.mjs', [
      '--pglite',
      join(dataDir, 'db'),
      '--quiet',
    ]);
    if (code !== 0) throw new Error(`large-catalogue.mjs exited with ${code}`);
  }
  // The server migrates and seeds (roles) on its first start; users are added after, with it stopped.
  await stop(await startZema({ DATA_DIR: dataDir }, await freePort()));
  await withPglite(join(dataDir, 'db'), addUsers);
  await benchAgainst('PGlite', { DATA_DIR: dataDir });
  if (postgresUrl) {
    const pgData = mkdtempSync(join(tmpdir(), 'zema-bench-admin-pg-'));
    try {
      const code = await runScript('scripts/bench/large-catalogue.mjs', ['--if-empty', '--quiet'], {
        DATABASE_URL: postgresUrl,
      });
      if (code !== 0 && code !== 3) throw new Error(`large-catalogue.mjs exited with ${code}`);
      await stop(await startZema({ DATA_DIR: pgData, DATABASE_URL: postgresUrl }, await freePort()));
      await withPostgres(postgresUrl, addUsers);
      await benchAgainst('PostgreSQL', { DATA_DIR: pgData, DATABASE_URL: postgresUrl });
    } finally {
      rmSync(pgData, { recursive: true, force: true });
    }
  }
} finally {
  if (!reuse) rmSync(dataDir, { recursive: true, force: true });
}
