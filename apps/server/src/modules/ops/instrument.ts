import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { DatabaseHandle } from '#src/db/client';
import type { BackgroundTasks } from '#src/platform/background';
import type { GetOptions, SharedCache } from '#src/platform/shared-cache';
import type { CacheTally } from './metrics';

/*
 * The ground's parts are measured from here, by wrapping what they hand out, so that platform/ and
 * db/ stay free of metrics (they import no module) and nothing changes for their callers.
 */

/**
 * Counts `cache`'s lookups into `tally`: `get` is a miss when it calls its loader (it does so before
 * it returns its promise), a hit otherwise; a `peek` that finds the value is a hit (its callers go
 * on to `get` only when it does not).
 */
export function countCacheLookups(cache: SharedCache, tally: CacheTally): void {
  const get = cache.get.bind(cache);
  const peek = cache.peek.bind(cache);
  cache.get = <T>(key: string, load: () => Promise<T>, opts?: GetOptions<T>) => {
    let loaded = false;
    const value = get(
      key,
      () => {
        loaded = true;
        return load();
      },
      opts,
    );
    if (loaded) tally.misses++;
    else tally.hits++;
    return value;
  };
  cache.peek = <T>(key: string) => {
    const found = peek<T>(key);
    if (found) tally.hits++;
    return found;
  };
}

/** Calls `onFailure` with the task's name when a background task fails (it is still logged there). */
export function countTaskFailures(background: BackgroundTasks, onFailure: (name: string) => void): void {
  const run = background.run.bind(background);
  background.run = (name, task) =>
    run(name, async () => {
      try {
        return await task();
      } catch (err) {
        onFailure(name);
        throw err;
      }
    });
}

/**
 * Told of each statement as it is issued, with its operation (`select`, `insert`…, never its text
 * or values); answers what is told the seconds it took and whether it failed, when it settles.
 */
type Observe = (operation: string) => (seconds: number, failed: boolean) => void;

/** Who is told each statement, per driver client (several apps of a test may share one). */
const observers = new WeakMap<object, Set<Observe>>();

/**
 * Tells `observe` the time of every statement on `handle`, from issue to answer; returns what
 * stops it. node-postgres: each pooled client's `query`, wrapped when the pool hands it out (so
 * transactions and clients opened before are measured too). PGlite: its `query` and `exec`, and
 * those of the transaction object it passes to a transaction's callback; the time includes the
 * wait for its one connection, which is PGlite's queueing.
 */
export function observeQueries(handle: DatabaseHandle, observe: Observe): () => void {
  const target = handle.driver === 'postgres' ? poolOf(handle) : handle.pglite;
  if (!target) return () => {};
  let set = observers.get(target);
  if (!set) {
    const all = new Set<Observe>();
    const emit: Observe = (operation) => {
      const ends = [...all].map((o) => o(operation));
      return (seconds, failed) => {
        for (const end of ends) end(seconds, failed);
      };
    };
    if (handle.driver === 'postgres') timePool(target as Pool, emit);
    else timePglite(target as PGlite, emit);
    observers.set(target, all);
    set = all;
  }
  set.add(observe);
  const own = set;
  return () => {
    own.delete(observe);
  };
}

/** The node-postgres pool behind a PostgreSQL handle (Drizzle keeps its client as `$client`). */
export function poolOf(handle: DatabaseHandle): Pool | undefined {
  if (handle.driver !== 'postgres') return undefined;
  return (handle.db as unknown as { $client?: Pool }).$client;
}

/** A statement's first word, lower-cased (`select`, `with`, `execute`…): what a span may carry. */
function operationOf(statement: unknown): string {
  const text =
    typeof statement === 'string'
      ? statement
      : typeof (statement as { text?: unknown } | null)?.text === 'string'
        ? (statement as { text: string }).text
        : '';
  return /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toLowerCase() ?? 'query';
}

/** Tells `emit` of the statement, then of the seconds `run()`'s promise took; gives it back unchanged. */
function timed<T>(statement: unknown, run: () => Promise<T>, emit: Observe): Promise<T> {
  const start = performance.now();
  const end = emit(operationOf(statement));
  const promise = run();
  promise.then(
    () => end((performance.now() - start) / 1000, false),
    () => end((performance.now() - start) / 1000, true),
  );
  return promise;
}

const TIMED = Symbol('zema.ops.timed');
type Callback = (err: Error | null, result: unknown) => void;

function timePool(pool: Pool, emit: Observe) {
  pool.on('acquire', (client: PoolClient & { [TIMED]?: true }) => {
    if (client[TIMED]) return;
    client[TIMED] = true;
    const query = client.query as unknown as (...args: unknown[]) => unknown;
    const timedQuery = (...args: unknown[]) => {
      // A submittable (a cursor, a stream) reports by events of its own: not measured.
      if (typeof (args[0] as { submit?: unknown } | null)?.submit === 'function')
        return query.apply(client, args);
      // The callback forms: (config, cb) and (config, values, cb), as the pool itself calls it.
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const start = performance.now();
        const end = emit(operationOf(args[0]));
        const callback = args[last] as Callback;
        args[last] = (err: Error | null, result: unknown) => {
          end((performance.now() - start) / 1000, err !== null && err !== undefined);
          callback(err, result);
        };
        return query.apply(client, args);
      }
      return timed(args[0], () => query.apply(client, args) as Promise<unknown>, emit);
    };
    client.query = timedQuery as unknown as PoolClient['query'];
  });
}

function timePglite(pglite: PGlite, emit: Observe) {
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  // Own properties shadow the class's methods; client.ts's proxy reads them from the instance.
  pglite.query = ((...args: Parameters<PGlite['query']>) =>
    timed(args[0], () => query(...args), emit)) as PGlite['query'];
  pglite.exec = ((...args: Parameters<PGlite['exec']>) =>
    timed(args[0], () => exec(...args), emit)) as PGlite['exec'];
  pglite.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => callback(timedTransaction(tx, emit)))) as PGlite['transaction'];
}

function timedTransaction(tx: Transaction, emit: Observe): Transaction {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop === 'query')
        return ((...args: Parameters<Transaction['query']>) =>
          timed(args[0], () => target.query(...args), emit)) as Transaction['query'];
      if (prop === 'exec')
        return ((...args: Parameters<Transaction['exec']>) =>
          timed(args[0], () => target.exec(...args), emit)) as Transaction['exec'];
      return Reflect.get(target, prop, receiver);
    },
  });
}
