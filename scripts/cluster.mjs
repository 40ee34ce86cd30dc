// `npm run cluster`: Zema as a cluster on this machine — CLUSTER_INSTANCES instances (default 2) on
// PostgreSQL, Redis and an S3-compatible store, behind Debian's nginx on CLUSTER_PORT (default
// 8080) with the streaming X-Accel mode — from the deploy files (deploy/zema@.service,
// deploy/nginx/zema.conf). Ctrl-C or SIGTERM stops everything. docs/operations.md, "Cluster".
//
//   DATABASE_URL   default postgres://postgres@127.0.0.1:5432/zema_cluster (created when missing)
//   REDIS_URL      default redis://127.0.0.1:6379/1 — a database of its own, so its keys never meet
//                  the tests' (which use database 0)
//   S3_*           an existing bucket; unset: an s3rver store on this machine (CLUSTER_S3_PORT,
//                  default any free port), its objects in CLUSTER_DIR/s3
//   CLUSTER_DIR    default data/cluster: each instance's DATA_DIR, the store's objects, nginx's
//                  prefix, and the shared app key (app-key, mode 0600)
//   CLUSTER_HOST   where nginx listens and what APP_URL names (default 127.0.0.1)
//   ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL and the rest of Zema's variables reach every instance.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { NGINX, startCluster } from './cluster/cluster.mjs';
import { buildIfNeeded, root } from './lib.mjs';

const env = process.env;
const count = Number(env.CLUSTER_INSTANCES ?? 2);
const port = Number(env.CLUSTER_PORT ?? 8080);
if (!Number.isInteger(count) || count < 1) throw new Error('CLUSTER_INSTANCES must be a whole number from 1');
const dir = resolve(root, env.CLUSTER_DIR ?? 'data/cluster');
const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/zema_cluster';
const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379/1';

if (!NGINX) {
  console.error('npm run cluster needs nginx (Debian: apt-get install nginx).');
  process.exit(1);
}
if (!(await buildIfNeeded())) {
  console.error('Build failed; not starting.');
  process.exit(1);
}

/** Creates the database named by `url` when its server does not have it yet. */
async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) return;
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  try {
    await client.connect();
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`);
      console.log(`Created the database ${name}.`);
    }
  } catch (err) {
    // Never the URL: it may hold a password.
    console.error(`Could not reach or prepare the PostgreSQL database "${name}": ${err.message}`);
    process.exit(1);
  } finally {
    await client.end().catch(() => {});
  }
}
await ensureDatabase(databaseUrl);

// Every instance signs with the same key (social-login cookies, the billing gateways' stored keys):
// APP_KEY, else one generated for this cluster and kept beside its data.
mkdirSync(dir, { recursive: true });
const keyFile = join(dir, 'app-key');
let appKey = env.APP_KEY;
if (!appKey) {
  if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
  appKey = readFileSync(keyFile, 'utf8').trim();
}

const s3Env = env.S3_BUCKET
  ? Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('S3_') && v !== undefined))
  : undefined;

const tty = process.stdout.isTTY;
const instanceEnv = {
  LOG_LEVEL: env.LOG_LEVEL ?? 'info',
  // One readable line per event in a terminal (the unit's NODE_ENV=production would mean JSON).
  ...(tty && !env.LOG_FORMAT ? { LOG_FORMAT: 'pretty' } : {}),
};

let cluster;
let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping nginx, the instances and the store…`);
  await cluster?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  cluster = await startCluster({
    instances: count,
    port,
    host: env.CLUSTER_HOST ?? '127.0.0.1',
    dir,
    databaseUrl,
    redisUrl,
    s3Env,
    s3Port: env.CLUSTER_S3_PORT ? Number(env.CLUSTER_S3_PORT) : undefined,
    appKey,
    env: instanceEnv,
    log: (line) => console.log(line),
    // The instances' own start box is left out: the cluster prints its own below.
    onOutput: (line, instance) => {
      if (/^[┌│└]/.test(line)) return;
      console.log(`${instance ? `[zema-${instance.index}]` : '[nginx]'} ${line}`);
    },
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
if (stopping) process.exit(0);

// The admin is seeded by the first instance, as `npm start` seeds it: ADMIN_PASSWORD, else a
// generated one in that instance's DATA_DIR/admin-credentials.txt.
const credentialsFile = join(cluster.instances[0].dataDir, 'admin-credentials.txt');
const [savedEmail, savedPassword] = existsSync(credentialsFile)
  ? readFileSync(credentialsFile, 'utf8').split('\n')
  : [];
const admin = env.ADMIN_PASSWORD
  ? `${(env.ADMIN_EMAIL ?? 'admin@zema.local').toLowerCase()} / the ADMIN_PASSWORD you configured`
  : savedPassword
    ? `${savedEmail} / ${savedPassword}`
    : 'the administrator this database already had (its password is not stored here)';
const lines = [
  `Zema cluster at ${cluster.url}`,
  `Admin login: ${admin}`,
  ...cluster.instances.map((i) => `Instance ${i.index}: ${i.url} (pid ${i.pid}, DATA_DIR ${i.dataDir})`),
  `Store: ${cluster.s3.started ? 's3rver' : 'S3'} ${cluster.s3.endpoint}, bucket ${cluster.s3.bucket}`,
  `nginx: ${cluster.nginx.conf} (X-Zema-Upstream names the instance that answered)`,
  'Ctrl-C stops everything.',
];
const width = Math.max(...lines.map((l) => l.length));
const rule = '─'.repeat(width + 2);
console.log([`┌${rule}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${rule}┘`].join('\n'));

// An instance that dies is reported; the others keep serving (nginx skips it).
for (const instance of cluster.instances) {
  void instance.exited.then(({ code, signal }) => {
    if (!stopping)
      console.error(
        `Instance ${instance.index} exited (${code ?? signal}); nginx sends its requests to the others.`,
      );
  });
}
