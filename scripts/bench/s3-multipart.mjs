// S3 multipart upload through Zema's signing routes next to the AWS SDK's own multipart upload
// (@aws-sdk/lib-storage `Upload`) to the same s3rver in the same run (goal: ≥ 0.8× its
// throughput). Zema's leg does what the browser's upload queue does (SPEC §4, §9): s3/multipart/
// create, part URLs signed 10 at a time, 5 parts in flight PUT without credentials, complete, then
// s3/entries. The SDK's leg uploads the same bytes with the same part size and 5 parts in flight.
// Runs alternate (SDK, Zema, SDK, Zema…) so drift hits both alike; the best run of each counts.
//
// Run by `npm run bench`, or alone (it loads the server's TypeScript through tsx):
//   node --import tsx scripts/bench/s3-multipart.mjs
// BENCH_S3_MB (default 512) file size in MB; BENCH_S3_RUNS (default 2) runs of each leg.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createAccessToken } from '../../apps/server/src/modules/identity/index.ts';
import { users } from '../../apps/server/src/modules/users/tables.ts';
import { createS3Client } from '../../apps/server/src/platform/s3-storage.ts';
import { startS3 } from '../../apps/server/test/s3.ts';
import {
  MULTIPART_PARTS_IN_FLIGHT,
  MULTIPART_SIGN_BATCH,
  multipartPartSize,
} from '../../packages/contracts/src/uploads.ts';

const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_S3_MB ?? 512) * MB;
const RUNS = Number(process.env.BENCH_S3_RUNS ?? 2);
const PART = multipartPartSize(SIZE);
const PARTS = Math.max(1, Math.ceil(SIZE / PART));

// One random block, stamped per part: generating the bytes costs next to nothing in either leg.
const block = randomBytes(PART);
block.write('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 0, 'latin1');
const partBytes = (n) => {
  const length = Math.min(PART, SIZE - (n - 1) * PART);
  const part = Buffer.from(block.subarray(0, length));
  if (n > 1) part.writeUInt32BE(n, 0);
  return part;
};

const s3 = await startS3();
const dataDir = mkdtempSync(join(tmpdir(), 'zema-bench-s3-'));
const config = loadConfig({
  ...s3.env,
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-password',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  REDIS_URL: '',
});
const app = await buildApp(config);
await app.deps.settings.set('uploads.direct_upload', true);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
const [{ id: adminId }] = await app.db
  .select({ id: users.id })
  .from(users)
  .where(eq(users.email, config.adminEmail));
const { plainTextToken } = await createAccessToken(app.db, adminId, 'bench');

async function api(path, body) {
  const res = await fetch(`${base}/api/v1/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${plainTextToken}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** One part PUT, retried like the browser's queue does (SPEC §9: 3 retries per chunk request). */
async function putPart(url, body) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(url, { method: 'PUT', body }).catch((err) => {
      if (attempt >= 3) throw err;
      return null;
    });
    if (res?.ok) return res.headers.get('etag');
    if (res && (attempt >= 3 || res.status < 500)) throw new Error(`part PUT: ${res.status}`);
  }
}

/** Zema's leg: what the browser's queue does for one large file. */
async function viaZema() {
  const { uploadId, key } = await api('s3/multipart/create', {
    filename: 'bench.mp3',
    mime: 'audio/mpeg',
    size: SIZE,
    extension: 'mp3',
  });
  const batches = new Map();
  const urlOf = async (n) => {
    const first = Math.floor((n - 1) / MULTIPART_SIGN_BATCH) * MULTIPART_SIGN_BATCH + 1;
    if (!batches.has(first)) {
      const partNumbers = [];
      for (let p = first; p < first + MULTIPART_SIGN_BATCH && p <= PARTS; p++) partNumbers.push(p);
      batches.set(first, api('s3/multipart/batch-sign-part-urls', { key, uploadId, partNumbers }));
    }
    const { urls } = await batches.get(first);
    return urls.find((u) => u.partNumber === n).url;
  };
  const parts = [];
  let next = 1;
  const worker = async () => {
    while (next <= PARTS) {
      const n = next++;
      parts.push({ PartNumber: n, ETag: await putPart(await urlOf(n), partBytes(n)) });
    }
  };
  await Promise.all(Array.from({ length: MULTIPART_PARTS_IN_FLIGHT }, worker));
  await api('s3/multipart/complete', { key, uploadId, parts });
  const { fileEntry } = await api('s3/entries', {
    clientMime: 'audio/mpeg',
    clientName: 'bench.mp3',
    filename: key,
    size: SIZE,
    clientExtension: 'mp3',
  });
  if (fileEntry.file_size !== SIZE) throw new Error('the entry has the wrong size');
  return key;
}

const client = createS3Client(config.s3);
/** The reference: the SDK's own multipart upload of the same bytes. */
async function viaSdk() {
  const key = `bench/${randomBytes(8).toString('hex')}.mp3`;
  const body = Readable.from(
    (function* () {
      for (let n = 1; n <= PARTS; n++) yield partBytes(n);
    })(),
  );
  await new Upload({
    client,
    params: { Bucket: s3.bucket, Key: key, Body: body, ContentType: 'audio/mpeg' },
    partSize: PART,
    queueSize: MULTIPART_PARTS_IN_FLIGHT,
  }).done();
  return key;
}

async function timed(fn) {
  const t0 = performance.now();
  const key = await fn();
  const seconds = (performance.now() - t0) / 1000;
  // Frees the disk before the next run.
  await app.deps.storage.delete(key);
  return SIZE / MB / seconds;
}

const sdk = [];
const zema = [];
try {
  for (let i = 0; i < RUNS; i++) {
    sdk.push(await timed(viaSdk));
    zema.push(await timed(viaZema));
  }
} finally {
  client.destroy();
  await app.close();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const best = (xs) => Math.max(...xs);
const fmt = (n) => n.toFixed(0);
console.log(
  `\nS3 multipart upload of ${SIZE / MB} MB to s3rver (${PARTS} parts of ${PART / MB} MB, ${MULTIPART_PARTS_IN_FLIGHT} in flight; best of ${RUNS})`,
);
console.log(
  `  AWS SDK Upload (reference)          ${fmt(best(sdk))} MB/s   runs: ${sdk.map(fmt).join(', ')}`,
);
console.log(
  `  Zema signing routes + PUTs          ${fmt(best(zema))} MB/s   runs: ${zema.map(fmt).join(', ')}`,
);
console.log(`  ratio: ${(best(zema) / best(sdk)).toFixed(2)}× the SDK (goal ≥ 0.8)`);
