// Both drivers: two instances on one database and one bucket, the tus lock in memory or on Redis.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { type Locker, MemoryLocker } from '@tus/server';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { DefaultHttpStack, type HttpStack, Upload, type UploadOptions } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '#src/app';
import { fileEntries, pendingUploads } from '#src/modules/uploads/tables';
import { createRedisPubSub } from '#src/platform/pubsub';
import { closeRedis, createRedis } from '#src/platform/redis';
import { isS3Storage } from '#src/platform/s3-storage';
import { mp3ThenNoise } from '#test/catalogue';
import { type Client, createUser, request, sessionFor, uniqueSuffix, useApp } from '#test/helpers';
import { startS3 } from '#test/s3';
import { cleanUpAbandonedUploads, TUS_EXPIRY_MS, tusOwnerKey, tusStagingDir } from './tus.service';
import { RedisLocker, type RedisLockerOptions, TUS_LOCK_BUSY, TUS_LOCK_WAIT_MS } from './tus-locker';
import { TUS_S3_PREFIX } from './tus-store';

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
});

const a = useApp(() => s3.env);
let b: FastifyInstance;
let dirB = '';
let baseA = '';
let baseB = '';

beforeAll(async () => {
  // The second instance of the same install: the database, the bucket, Redis and its namespace
  // (cache drops, locks) are shared; DATA_DIR is its own, so nothing passes through a local disk.
  dirB = await mkdtemp(join(tmpdir(), 'zema-app-b-'));
  b = await buildApp(
    { ...a.config, dataDir: dirB },
    { databaseHandle: a.app.deps.database, live: { namespace: a.deps.busNamespace } },
  );
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
  baseA = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
  baseB = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await b?.close();
  if (dirB) await rm(dirB, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const UPLOAD_PATH = '/api/v1/tus/upload';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

const tusMetadata = (name: string, mime: string, size: number) => ({
  name,
  clientName: name,
  clientMime: mime,
  clientExtension: name.slice(name.lastIndexOf('.') + 1),
  clientSize: String(size),
  relativePath: '',
});
const encode = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** Runs a tus-js-client upload to its end (or first error), as the web app's queue does. */
function runUpload(file: Buffer, options: UploadOptions): Promise<Upload> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(file, {
      endpoint: `${baseA}${UPLOAD_PATH}`,
      overridePatchMethod: true,
      retryDelays: [],
      ...options,
      onSuccess: () => resolve(upload),
      onError: reject,
    });
    upload.start();
  });
}

/**
 * tus-js-client's own HTTP stack, sending each request for an upload's URL to the next instance
 * in turn, as a load balancer without sticky sessions may; `served` lists where each went.
 */
function alternating(bases: string[]) {
  const stack = new DefaultHttpStack({});
  const served: string[] = [];
  let next = 0;
  const http: HttpStack = {
    getName: () => 'alternating',
    createRequest(method, url) {
      const { pathname } = new URL(url);
      if (!/\/tus\/upload\/[0-9a-f]{32}$/.test(pathname)) return stack.createRequest(method, url);
      const base = bases[next++ % bases.length]!;
      served.push(base);
      return stack.createRequest(method, `${base}${pathname}`);
    },
  };
  return { http, served };
}

function tusFetch(url: string, init: { method: string; headers: Record<string, string>; body?: Buffer }) {
  return fetch(url, { ...init, body: init.body ? new Uint8Array(init.body) : undefined });
}
const tusHeaders = (client: Client) => ({ ...client.headers, 'tus-resumable': '1.0.0' });

async function create(base: string, client: Client, size: number) {
  const res = await tusFetch(`${base}${UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      ...tusHeaders(client),
      'upload-length': String(size),
      'upload-metadata': encode(tusMetadata('take.mp3', 'audio/mpeg', size)),
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return idOf(res.headers.get('location')!);
}
const patch = (base: string, client: Client, id: string, offset: number, body: Buffer) =>
  tusFetch(`${base}${UPLOAD_PATH}/${id}`, {
    method: 'PATCH',
    headers: {
      ...tusHeaders(client),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body,
  });
const head = (base: string, client: Client, id: string) =>
  tusFetch(`${base}${UPLOAD_PATH}/${id}`, { method: 'HEAD', headers: tusHeaders(client) });
const finish = (app: FastifyInstance, client: Client, id: string) =>
  request(app, client, { method: 'POST', url: '/api/v1/tus/entries', payload: { uploadKey: id } });

/** The keys the bucket holds for a tus upload (its object, `.info`, `.part`). */
async function tusObjects(id: string) {
  const storage = a.deps.storage;
  if (!isS3Storage(storage)) throw new Error('the app should store files in S3');
  const listed = await storage.client.send(
    new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: `${TUS_S3_PREFIX}${id}` }),
  );
  return (listed.Contents ?? []).map((o) => o.Key);
}
const rowOf = (id: string) => a.db.select().from(pendingUploads).where(eq(pendingUploads.key, id));

describe('tus uploads on S3 across two instances', () => {
  it('takes an upload whose PATCHes alternate between the instances, and finishes it on the other', {
    timeout: 120_000,
  }, async () => {
    const user = await createUser(a.db);
    const client = await sessionFor(a.db, user.id);
    const file = mp3ThenNoise(14 * MB);
    const { http, served } = alternating([baseB, baseA]);
    const accepted: number[] = [];
    // 3 MB chunks: under S3's 5 MiB part minimum, so every other PATCH leaves a tail in the bucket
    // that the next one, on the other instance, must pick up.
    const upload = await runUpload(file, {
      headers: client.headers,
      chunkSize: 3 * MB,
      httpStack: http,
      metadata: tusMetadata('Mix.mp3', 'audio/mpeg', file.length),
      onChunkComplete: (_chunk, bytesAccepted) => accepted.push(bytesAccepted),
    });
    expect(accepted).toEqual([3, 6, 9, 12, 14].map((n) => n * MB));
    expect(served).toEqual([baseB, baseA, baseB, baseA, baseB]);
    const id = idOf(upload.url!);
    // Nothing was staged on either instance's disk.
    for (const dataDir of [a.config.dataDir, dirB])
      expect(await readdir(tusStagingDir(dataDir)).catch(() => [] as string[])).toEqual([]);

    const res = await finish(a.app, client, id);
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json().fileEntry;
    expect(entry).toMatchObject({
      name: 'Mix.mp3',
      mime: 'audio/mpeg',
      file_size: file.length,
      owner_id: user.id,
      checksum: sha256(file),
    });
    // The stored bytes, read back from the bucket, are the file's.
    const [row] = await a.db.select().from(fileEntries).where(eq(fileEntries.id, entry.id));
    const stored = await a.deps.storage.get(row!.path);
    expect(sha256(Buffer.concat(await stored!.stream.toArray()))).toBe(sha256(file));
    // The upload's own objects and its reservation are gone; a second finish finds nothing.
    expect(await tusObjects(id)).toEqual([]);
    expect(await rowOf(id)).toEqual([]);
    expect((await finish(b, client, id)).statusCode).toBe(404);
  });

  it("answers someone else's HEAD, PATCH and DELETE with 404 on either instance, the owner's with the owner cached", async () => {
    const owner = await createUser(a.db);
    const other = await createUser(a.db);
    const mine = await sessionFor(a.db, owner.id);
    const theirs = await sessionFor(a.db, other.id);
    const file = mp3ThenNoise(200_000);
    const id = await create(baseA, mine, file.length);
    const key = tusOwnerKey(id);
    // Known to the instance that created it without a query; B reads it once.
    expect(a.deps.userCache.peek(key)).toEqual({ value: owner.id });
    expect((await patch(baseB, mine, id, 0, file.subarray(0, 100_000))).status).toBe(204);
    expect(b.deps.userCache.peek(key)).toEqual({ value: owner.id });

    for (const base of [baseA, baseB]) {
      expect((await head(base, theirs, id)).status).toBe(404);
      expect((await patch(base, theirs, id, 100_000, file.subarray(100_000))).status).toBe(404);
      const ended = await tusFetch(`${base}${UPLOAD_PATH}/${id}`, {
        method: 'DELETE',
        headers: tusHeaders(theirs),
      });
      expect(ended.status).toBe(404);
    }
    expect((await finish(b, theirs, id)).statusCode).toBe(404);

    const offset = await head(baseA, mine, id);
    expect(offset.status).toBe(200);
    expect(offset.headers.get('upload-offset')).toBe('100000');
    const last = await patch(baseA, mine, id, 100_000, file.subarray(100_000));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(file.length));

    const res = await finish(b, mine, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fileEntry.checksum).toBe(sha256(file));
    // Forgotten where it was finished at once, and on the other instance through Redis.
    expect(b.deps.userCache.peek(key)).toBeUndefined();
    if (a.deps.pubsub.driver === 'redis') await expect.poll(() => a.deps.userCache.peek(key)).toBeUndefined();
    // Either way the upload is gone for its owner too.
    expect((await head(baseA, mine, id)).status).toBe(404);
    expect((await head(baseB, mine, id)).status).toBe(404);
  });

  it('answers a request that cannot have the upload lock in time 423 with a message, and the upload resumes', async () => {
    const client = await sessionFor(a.db, (await createUser(a.db)).id);
    const file = mp3ThenNoise(200_000);
    // The app's locker (on Redis, or in memory), seen at its first lock, waits 300 ms, not 30 s.
    const proto = (a.deps.redis && a.deps.pubsub.driver === 'redis' ? RedisLocker : MemoryLocker).prototype;
    const wait = (locker: Locker, ms: number) =>
      Object.assign(locker, locker instanceof RedisLocker ? { acquireTimeoutMs: ms } : { timeout: ms });
    const seen = new Set<Locker>();
    const newLock = proto.newLock;
    const spy = vi.spyOn(proto, 'newLock').mockImplementation(function (this: Locker, uploadId: string) {
      seen.add(wait(this, 300));
      return newLock.call(this, uploadId);
    });
    let id = '';
    try {
      id = await create(baseA, client, file.length);
      // Another request holds the lock and does not let go (a slow PATCH on another instance).
      const held = [...seen][0]!.newLock(id);
      await held.lock(new AbortController().signal, () => {});
      const busy = await patch(baseA, client, id, 0, file.subarray(0, 100_000));
      expect(busy.status).toBe(423);
      expect(await busy.json()).toEqual({ message: TUS_LOCK_BUSY.body });
      await held.unlock();
    } finally {
      spy.mockRestore();
      for (const locker of seen) wait(locker, TUS_LOCK_WAIT_MS);
    }
    const offset = await head(baseA, client, id);
    expect(offset.status).toBe(200);
    expect(offset.headers.get('upload-offset')).toBe('0');
    const whole = await patch(baseA, client, id, 0, file);
    expect(whole.status).toBe(204);
    expect(whole.headers.get('upload-offset')).toBe(String(file.length));
    expect((await finish(a.app, client, id)).statusCode).toBe(200);
  });

  it('ends an upload on one instance that the other created, bytes and reservation', async () => {
    const user = await createUser(a.db);
    const client = await sessionFor(a.db, user.id);
    const id = await create(baseA, client, 6 * MB);
    expect((await patch(baseA, client, id, 0, mp3ThenNoise(MB))).status).toBe(204);
    expect(await tusObjects(id)).toEqual(expect.arrayContaining([`${TUS_S3_PREFIX}${id}.info`]));

    const ended = await tusFetch(`${baseB}${UPLOAD_PATH}/${id}`, {
      method: 'POST',
      headers: { ...tusHeaders(client), 'x-http-method-override': 'DELETE' },
    });
    expect(ended.status).toBe(204);
    expect(await tusObjects(id)).toEqual([]);
    await expect.poll(() => rowOf(id)).toEqual([]);
    expect((await head(baseA, client, id)).status).toBe(404);
  });

  it.runIf(process.env.REDIS_URL)(
    'makes a PATCH that stalls on one instance let go when the upload is asked for on the other',
    { timeout: 60_000 },
    async () => {
      const user = await createUser(a.db);
      const client = await sessionFor(a.db, user.id);
      const file = mp3ThenNoise(3 * MB);
      const id = await create(baseA, client, file.length);
      // A client that sent a first MB to A, then went quiet (a dead connection)…
      const stalled = httpRequest(`${baseA}${UPLOAD_PATH}/${id}`, {
        method: 'PATCH',
        headers: {
          ...tusHeaders(client),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(file.length),
        },
      });
      const order: string[] = [];
      const firstAnswered = new Promise<void>((resolve) => {
        stalled.on('response', (res) => {
          order.push('A answered');
          res.resume();
          resolve();
        });
        stalled.on('error', () => resolve());
      });
      stalled.write(file.subarray(0, MB));
      // …while A holds the upload's lock, in Redis.
      const lockKey = `${a.deps.busNamespace}tus:lock:${id}`;
      await expect.poll(() => a.deps.redis!.exists(lockKey)).toBe(1);
      try {
        // …and tries again through B: B asks A to let go, A ends its request with what it got,
        // and only then does B write.
        const fromB = await patch(baseB, client, id, 0, file);
        order.push('B answered');
        await firstAnswered;
        expect(order).toEqual(['A answered', 'B answered']);
        expect([204, 409]).toContain(fromB.status);
      } finally {
        stalled.destroy();
      }
      // Whatever A kept, the upload resumes from the offset the store gives, byte-identical.
      const offset = Number((await head(baseB, client, id)).headers.get('upload-offset'));
      if (offset < file.length) {
        expect((await patch(baseA, client, id, offset, file.subarray(offset))).status).toBe(204);
      }
      const res = await finish(b, client, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().fileEntry.checksum).toBe(sha256(file));
    },
  );

  it('cleans up expired uploads and objects no reservation refers to, in the bucket', async () => {
    const user = await createUser(a.db);
    const client = await sessionFor(a.db, user.id);
    const expired = await create(baseA, client, 1000);
    await a.db
      .update(pendingUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingUploads.key, expired));
    const orphan = await create(baseB, client, 1000);
    expect((await patch(baseB, client, orphan, 0, mp3ThenNoise(1000))).status).toBe(204);
    await a.db.delete(pendingUploads).where(eq(pendingUploads.key, orphan)); // a crash between the two
    const fresh = await create(baseA, client, 1000);

    expect(await cleanUpAbandonedUploads(a.deps, new Date())).toBeGreaterThanOrEqual(1);
    expect(await tusObjects(expired)).toEqual([]);
    expect(await rowOf(expired)).toEqual([]);
    // An object without a reservation waits a day (it may be one being finished right now).
    expect(await tusObjects(orphan)).not.toEqual([]);
    expect(await tusObjects(fresh)).not.toEqual([]);

    await cleanUpAbandonedUploads(a.deps, new Date(Date.now() + TUS_EXPIRY_MS + 60_000));
    expect(await tusObjects(orphan)).toEqual([]);
    expect(await tusObjects(fresh)).toEqual([]);
    expect(await rowOf(fresh)).toEqual([]);
  });
});

describe.runIf(process.env.REDIS_URL)('the tus locker on Redis', () => {
  const url = process.env.REDIS_URL!;
  const namespace = `test-${uniqueSuffix()}:`;
  const opened: (() => Promise<void>)[] = [];
  let redis: Redis;
  beforeAll(() => {
    redis = createRedis(url, 'tus-locker-test');
  });
  afterAll(async () => {
    for (const close of opened) await close();
    await closeRedis(redis);
  });

  /** One instance's locker: connections of its own, the install's namespace. */
  const instance = (opts: Partial<RedisLockerOptions> = {}) => {
    const connection = createRedis(url, 'tus-locker');
    const pubsub = createRedisPubSub(url, connection);
    const locker = new RedisLocker({ redis: connection, pubsub, namespace, ...opts });
    opened.push(async () => {
      await locker.close();
      await pubsub.close();
      await closeRedis(connection);
    });
    return locker;
  };
  const uploadId = () => randomBytes(16).toString('hex');
  const forever = () => new AbortController().signal;

  it('asks the holder on another instance to let go, and the waiter takes the lock when it has', async () => {
    const [one, two] = [instance(), instance()];
    const id = uploadId();
    const first = one.newLock(id);
    let asked = 0;
    await first.lock(forever(), async () => {
      asked++;
      await first.unlock();
    });
    const started = Date.now();
    const second = two.newLock(id);
    await second.lock(AbortSignal.timeout(5_000), () => {});
    expect(asked).toBe(1);
    // Woken by the holder's notice, long before its key would have expired.
    expect(Date.now() - started).toBeLessThan(one.ttlMs / 2);
    expect(await redis.exists(two.keyOf(id))).toBe(1);
    await second.unlock();
    expect(await redis.exists(two.keyOf(id))).toBe(0);
  });

  it('keeps a lock past its TTL while the holder lives, and a wait for it times out', async () => {
    const [one, two] = [instance({ ttlMs: 300 }), instance({ ttlMs: 300 })];
    const id = uploadId();
    const held = one.newLock(id);
    await held.lock(forever(), () => {}); // one that does not let go, as a finishing upload
    await expect(two.newLock(id).lock(AbortSignal.timeout(1_000), () => {})).rejects.toBe(TUS_LOCK_BUSY);
    // A second is over three TTLs: the renewals kept it.
    expect(await redis.exists(one.keyOf(id))).toBe(1);
    await held.unlock();
    const next = two.newLock(id);
    await next.lock(AbortSignal.timeout(1_000), () => {});
    await next.unlock();
  });

  it('takes over the lock of an instance that died once its key expires', async () => {
    const two = instance();
    const id = uploadId();
    // What a killed instance leaves: its key, which nobody renews and nobody releases.
    await redis.set(two.keyOf(id), 'gone', 'PX', 400);
    const started = Date.now();
    const lock = two.newLock(id);
    await lock.lock(AbortSignal.timeout(5_000), () => {});
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await lock.unlock();
  });

  it('stops a holder whose lock was lost, and never removes the lock another took since', async () => {
    const one = instance({ ttlMs: 300 });
    const id = uploadId();
    const lost = one.newLock(id);
    let stopped = false;
    await lost.lock(forever(), () => {
      stopped = true;
    });
    // Redis lost the key (a failover) and another request took it.
    await redis.set(one.keyOf(id), 'theirs', 'PX', 5_000);
    await vi.waitFor(() => expect(stopped).toBe(true));
    await lost.unlock();
    expect(await redis.get(one.keyOf(id))).toBe('theirs');
    await redis.del(one.keyOf(id));
  });
});
