import { randomBytes } from 'node:crypto';
import { type Lock, type Locker, MemoryLocker, type RequestRelease } from '@tus/server';
import { msg } from '@zema/contracts';
import type { Redis } from 'ioredis';
import type { Deps } from '#src/platform/deps';
import type { PubSub, Unsubscribe } from '#src/platform/pubsub';

/** How long a lock outlives its holder's last renewal: how soon an instance that died lets go. */
export const TUS_LOCK_TTL_MS = 10_000;
/** How long a request waits for an upload's lock before it fails (the tus server's MemoryLocker's). */
export const TUS_LOCK_WAIT_MS = 30_000;

/**
 * The answer to a request that could not have its upload's lock in time (another request holds
 * it): 423 Locked, a refusal rather than a crash, with a message (SPEC §8 body, tus.service.ts).
 * Nothing was written, so the upload resumes from the offset a HEAD reports; tus-js-client retries
 * a 423 by itself. The tus server's own timeout (`ERRORS.ERR_LOCK_TIMEOUT`, a 500 from the
 * in-process MemoryLocker) is answered the same way.
 */
export const TUS_LOCK_BUSY = {
  status_code: 423,
  body: msg('This upload is busy with another request. Please try again in a moment.'),
} as const;

export type RedisLockerOptions = {
  redis: Redis;
  /** On the same Redis: release requests and "released" notices travel on it. */
  pubsub: PubSub;
  /** Prefixes the keys and the channel (an install's instances share it). */
  namespace?: string;
  ttlMs?: number;
  acquireTimeoutMs?: number;
  /** Redis failures in the background (renewals, releases): the key expires by itself. */
  onError?: (err: unknown) => void;
};

type Message = { op: 'release' | 'released'; id: string };
type Holder = { requestRelease: RequestRelease };

// Deletes the key only while it holds our token (a lock that expired and was taken by another
// request stays theirs), and tells waiters in the same round trip.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then
  redis.call('del', KEYS[1])
  redis.call('publish', ARGV[2], ARGV[3])
  return 1
end
return 0`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0`;

/**
 * A tus `Locker` that holds across instances: the lock is a Redis key (SET NX PX) holding a
 * random token, renewed while held, so an instance that dies loses its locks within the TTL.
 * A request that finds an upload locked asks the holder, wherever it runs, to let go (over
 * pub/sub, as the tus server's MemoryLocker calls `requestRelease` in the same process: a newer
 * request for an upload wins over a stalled one), then waits for the holder's "released" notice,
 * or at most until the key would expire, and tries again.
 */
export class RedisLocker implements Locker {
  readonly channel: string;
  readonly ttlMs: number;
  readonly acquireTimeoutMs: number;
  /** Locks held by this process, by upload id (release requests are for them). */
  readonly holders = new Map<string, Holder>();
  /** Requests of this process waiting for an upload's lock, woken by its "released" notice. */
  readonly waiters = new Map<string, Set<() => void>>();
  private subscription: Promise<Unsubscribe> | undefined;

  constructor(readonly options: RedisLockerOptions) {
    this.channel = `${options.namespace ?? ''}tus:locks`;
    this.ttlMs = options.ttlMs ?? TUS_LOCK_TTL_MS;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? TUS_LOCK_WAIT_MS;
  }

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }

  keyOf(id: string) {
    return `${this.options.namespace ?? ''}tus:lock:${id}`;
  }

  /** Subscribed to the channel (once; a failed attempt is made again by the next lock). */
  async ready(): Promise<void> {
    this.subscription ??= this.options.pubsub.subscribe<Message>(this.channel, (m) => this.heard(m));
    const attempt = this.subscription;
    await attempt.catch((err: unknown) => {
      if (this.subscription === attempt) this.subscription = undefined;
      throw err;
    });
  }

  publish(message: Message) {
    return this.options.pubsub.publish(this.channel, message);
  }

  onError(err: unknown) {
    this.options.onError?.(err);
  }

  private heard(message: Message) {
    if (typeof message?.id !== 'string') return;
    if (message.op === 'release') {
      const holder = this.holders.get(message.id);
      if (holder)
        Promise.resolve()
          .then(holder.requestRelease)
          .catch((err) => this.onError(err));
    } else if (message.op === 'released') {
      for (const wake of this.waiters.get(message.id) ?? []) wake();
    }
  }

  async close() {
    const subscription = this.subscription;
    this.subscription = undefined;
    if (subscription) await (await subscription.catch(() => null))?.();
  }
}

class RedisLock implements Lock {
  private token: string | null = null;
  private holder: Holder | null = null;
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { locker, id } = this;
    const { redis } = locker.options;
    const key = locker.keyOf(id);
    const token = randomBytes(16).toString('hex');
    const deadline = Date.now() + locker.acquireTimeoutMs;
    await locker.ready();

    // A notice that comes while a try is under way is kept, so the wait after it ends at once.
    let woken = false;
    let wake = () => {};
    const onNotice = () => {
      woken = true;
      wake();
    };
    let waiters = locker.waiters.get(id);
    if (!waiters) {
      waiters = new Set();
      locker.waiters.set(id, waiters);
    }
    waiters.add(onNotice);
    signal.addEventListener('abort', onNotice);
    try {
      for (;;) {
        if (signal.aborted || Date.now() >= deadline) throw TUS_LOCK_BUSY;
        woken = false;
        if ((await redis.set(key, token, 'PX', locker.ttlMs, 'NX')) === 'OK') {
          this.hold(key, token, requestRelease);
          return;
        }
        // Held: ask the holder to finish, and wait for its notice; a holder that died sends none,
        // and its key expires when PTTL says (-2: gone already, try at once).
        await locker.publish({ op: 'release', id });
        const left = await redis.pttl(key);
        let expiresIn = left > 0 ? left : locker.ttlMs;
        if (left === -2) expiresIn = 0;
        const wait = Math.min(expiresIn, deadline - Date.now());
        if (woken || wait <= 0) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, wait);
          function done() {
            clearTimeout(timer);
            wake = () => {};
            resolve();
          }
          wake = done;
        });
      }
    } finally {
      waiters.delete(onNotice);
      if (!waiters.size && locker.waiters.get(id) === waiters) locker.waiters.delete(id);
      signal.removeEventListener('abort', onNotice);
    }
  }

  private hold(key: string, token: string, requestRelease: RequestRelease) {
    const { locker, id } = this;
    this.token = token;
    this.holder = { requestRelease };
    locker.holders.set(id, this.holder);
    const holder = this.holder;
    // Renewed at a third of the TTL, so two missed renewals still keep it.
    this.renewal = setInterval(
      async () => {
        try {
          const renewed = await locker.options.redis.eval(RENEW, 1, key, token, locker.ttlMs);
          if (renewed !== 1 && this.holder === holder) {
            // Expired (Redis was away longer than the TTL) and maybe taken: stop writing.
            this.stopRenewing();
            await requestRelease();
          }
        } catch (err) {
          locker.onError(err);
        }
      },
      Math.max(1, Math.floor(locker.ttlMs / 3)),
    );
    this.renewal.unref();
  }

  private stopRenewing() {
    clearInterval(this.renewal);
    this.renewal = undefined;
    if (this.holder && this.locker.holders.get(this.id) === this.holder) this.locker.holders.delete(this.id);
  }

  async unlock(): Promise<void> {
    const { locker, id, token } = this;
    if (token === null) throw new Error('Releasing an unlocked lock!');
    this.stopRenewing();
    this.token = null;
    this.holder = null;
    try {
      await locker.options.redis.eval(
        RELEASE,
        1,
        locker.keyOf(id),
        token,
        locker.channel,
        JSON.stringify({ op: 'released', id } satisfies Message),
      );
    } catch (err) {
      // The key expires within the TTL by itself.
      locker.onError(err);
    }
  }
}

/** Across instances on Redis when the app has Redis; else in this process. */
export function createTusLocker(deps: Pick<Deps, 'redis' | 'pubsub' | 'busNamespace' | 'log'>): Locker {
  if (!deps.redis || deps.pubsub.driver !== 'redis')
    return new MemoryLocker({ acquireLockTimeout: TUS_LOCK_WAIT_MS });
  return new RedisLocker({
    redis: deps.redis,
    pubsub: deps.pubsub,
    namespace: deps.busNamespace,
    onError: (err) => deps.log.warn({ err }, 'tus upload lock: redis failed'),
  });
}
