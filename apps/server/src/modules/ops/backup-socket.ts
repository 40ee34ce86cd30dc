import { chmod, lstat, rm, stat } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '#src/platform/deps';
import type { FileStorage } from '#src/platform/storage';
import { BackupError, type BackupManifest, createBackup } from './backup-archive';

/*
 * The running server takes the database part of a backup: PGlite lives inside its process, no
 * other process may open the same data dir, and copying the files while it writes is not a
 * consistent copy. So a server on the embedded database listens on a unix socket,
 * DATA_DIR/ops.sock (mode 0600: the file's owner may talk to it, as PostgreSQL's peer
 * authentication trusts the local user), and `npm run backup` asks it for the archive there.
 *
 * Protocol: the client sends one JSON line, `{"op":"ping"}` or `{"op":"backup"}`; the server
 * answers in frames of one type byte, a 32-bit big-endian length and that many bytes: `D` = the
 * next bytes of the .tar.gz, `J` = the final JSON answer (`{ok: true, …}` or `{ok: false, error}`),
 * after which it closes the connection.
 */

export const OPS_SOCKET = 'ops.sock';
/** A unix socket's path must fit sun_path (108 bytes on Linux, 104 on macOS, with its NUL). */
export const SOCKET_PATH_MAX = 103;

const FRAME_DATA = 0x44; // 'D'
const FRAME_JSON = 0x4a; // 'J'
const FRAME_HEADER = 5;
const FRAME_MAX = 1024 * 1024;
const REQUEST_MAX = 4096;
/** A client must say what it wants this soon after connecting. */
const REQUEST_TIMEOUT_MS = 10_000;
const PING_TIMEOUT_MS = 5_000;

export const socketPath = (dataDir: string) => join(dataDir, OPS_SOCKET);

/** The server's app has the embedded database of its own DATA_DIR open (not PostgreSQL, not a test's in-memory copy). */
function ownsEmbeddedDatabase(deps: Deps): boolean {
  const dataDir = deps.database.pglite?.dataDir;
  return (
    deps.database.driver === 'pglite' &&
    dataDir !== undefined &&
    resolve(dataDir) === resolve(join(deps.config.dataDir, 'db'))
  );
}

/**
 * Opens DATA_DIR/ops.sock when the app is ready (as the METRICS_PORT listener, so a script that
 * builds the app for other work opens nothing) and closes it, stopping a backup in progress, when
 * the server starts to close, before the database does.
 */
export function serveBackups(app: FastifyInstance): void {
  const { deps } = app;
  if (!ownsEmbeddedDatabase(deps)) return;
  let listener: BackupListener | undefined;
  app.addHook('onReady', async () => {
    listener = await listenForBackups(deps);
  });
  app.addHook('preClose', async () => {
    await listener?.close();
    listener = undefined;
  });
}

type BackupListener = { close(): Promise<void> };

async function listenForBackups(deps: Deps): Promise<BackupListener | undefined> {
  const path = socketPath(deps.config.dataDir);
  const off = (reason: string) => {
    deps.log.warn({ path }, `backups of the running server are off: ${reason}`);
    return undefined;
  };
  if (Buffer.byteLength(path) > SOCKET_PATH_MAX) {
    return off(`the socket's path is longer than ${SOCKET_PATH_MAX} bytes (use a shorter DATA_DIR)`);
  }
  const existing = await lstat(path).catch(() => null);
  if (existing) {
    if (!existing.isSocket()) return off('the path exists and is not a socket');
    // Left by a process that was killed, or held by another server on the same DATA_DIR.
    const answered = await ping(path).then(
      () => true,
      () => false,
    );
    if (answered) return off('another process answers on it (two servers on one DATA_DIR?)');
    await rm(path, { force: true });
  }

  const connections = new Set<Socket>();
  const work = new Set<Promise<void>>();
  let busy: { abort(): void } | undefined;

  const serve = async (socket: Socket) => {
    const request = await readRequest(socket);
    if (!request) return;
    if (request.op === 'ping') {
      socket.end(frame(FRAME_JSON, { ok: true, pid: process.pid }));
      return;
    }
    if (request.op !== 'backup') {
      socket.end(frame(FRAME_JSON, { ok: false, error: 'unknown request' }));
      return;
    }
    if (busy) {
      socket.end(frame(FRAME_JSON, { ok: false, error: 'a backup is already running' }));
      return;
    }
    const { storage, database, config, log } = deps;
    if (storage.driver !== 'local') {
      socket.end(frame(FRAME_JSON, { ok: false, error: 'this server keeps its files in S3 (S3_BUCKET)' }));
      return;
    }
    const started = Date.now();
    const release = holdRemovals(storage, deps);
    const backup = createBackup({
      dataDir: config.dataDir,
      pglite: database.pglite!,
      appKeyFromEnv: Boolean(config.appKey),
      takenBy: 'server',
    });
    busy = backup;
    const stop = () => backup.abort();
    socket.once('close', stop);
    log.info('backup started (asked on ops.sock)');
    try {
      let bytes = 0;
      for await (const chunk of backup.stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        if (!socket.write(frame(FRAME_DATA, chunk))) await drained(socket);
      }
      const { manifest, skipped } = await backup.result;
      socket.end(frame(FRAME_JSON, { ok: true, manifest, skipped }));
      log.info(
        {
          bytes,
          ms: Date.now() - started,
          databaseFiles: manifest.database.files,
          storageFiles: manifest.storage.files,
        },
        'backup sent',
      );
    } catch (err) {
      log.warn({ err }, 'backup failed');
      const error = err instanceof BackupError ? err.message : `the server failed: ${(err as Error).message}`;
      if (!socket.destroyed) socket.end(frame(FRAME_JSON, { ok: false, error }));
    } finally {
      socket.off('close', stop);
      // The dump may still be running when the reader went away: the database stays open until
      // it is done (close() waits for this).
      await backup.result.catch(() => {});
      busy = undefined;
      await release();
    }
  };

  const server: Server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => {});
    const task = serve(socket)
      .catch((err: unknown) => {
        deps.log.warn({ err }, 'ops.sock: request failed');
        socket.destroy();
      })
      .finally(() => work.delete(task));
    work.add(task);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    // Created 0600 from the start (the bind happens inside listen()), then chmod'ed to be sure.
    const mask = setUmask(0o177);
    try {
      server.listen(path, () => {
        server.off('error', fail);
        done();
      });
    } finally {
      if (mask !== undefined) setUmask(mask);
    }
  }).catch((err: NodeJS.ErrnoException) => off(`could not listen (${err.code ?? err.message})`));
  if (!server.listening) return undefined;
  await chmod(path, 0o600);
  deps.log.info({ path }, 'backups: listening on ops.sock');

  return {
    async close() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      busy?.abort();
      for (const socket of connections) socket.destroy();
      await Promise.allSettled([...work]);
      await closed;
      // node:net removes the socket file on close; this is for a server that did not get to.
      await rm(path, { force: true });
    },
  };
}

/** process.umask, which worker threads may not call; undefined there (chmod still follows). */
function setUmask(mask: number): number | undefined {
  try {
    return process.umask(mask);
  } catch {
    return undefined;
  }
}

/** The one JSON line a client sends first, or undefined when it sends none (in time). */
function readRequest(socket: Socket): Promise<{ op?: unknown } | undefined> {
  return new Promise((done) => {
    let text = '';
    const finish = (request: { op?: unknown } | undefined) => {
      socket.off('data', onData);
      socket.off('end', onEnd);
      socket.off('close', onEnd);
      socket.setTimeout(0);
      socket.pause();
      if (!request && !socket.destroyed) socket.end(frame(FRAME_JSON, { ok: false, error: 'bad request' }));
      done(request);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end < 0) {
        if (text.length > REQUEST_MAX) finish(undefined);
        return;
      }
      let request: unknown;
      try {
        request = JSON.parse(text.slice(0, end));
      } catch {
        request = undefined;
      }
      finish(typeof request === 'object' && request !== null ? request : undefined);
    };
    const onEnd = () => finish(undefined);
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => {
      finish(undefined);
      socket.destroy();
    });
    socket.on('data', onData);
    socket.on('end', onEnd);
    socket.on('close', onEnd);
  });
}

function frame(type: number, body: Buffer | object): Buffer {
  const payload = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  const header = Buffer.alloc(FRAME_HEADER);
  header[0] = type;
  header.writeUInt32BE(payload.length, 1);
  return Buffer.concat([header, payload]);
}

/** Resolves when `socket` takes more, or throws when it closed (the client went away). */
async function drained(socket: Socket): Promise<void> {
  await new Promise<void>((done) => {
    const finish = () => {
      socket.off('drain', finish);
      socket.off('close', finish);
      done();
    };
    socket.on('drain', finish);
    socket.on('close', finish);
  });
  if (socket.destroyed) throw new BackupError('the client went away');
}

/**
 * While the backup copies the stored files, removals wait: a file that a row of the dump names and
 * that is replaced or deleted after the dump (a new avatar, a file deleted for good) is still there
 * when the copy reaches it. Writes go on (new keys, harmless in the copy). Returns what lets the
 * held removals happen; a key written again meanwhile is no longer removed.
 */
function holdRemovals(storage: FileStorage, deps: Pick<Deps, 'log'>): () => Promise<void> {
  const original = {
    delete: storage.delete,
    put: storage.put,
    putFile: storage.putFile,
    putStream: storage.putStream,
  };
  const held = new Set<string>();
  storage.delete = async (key) => {
    held.add(key);
  };
  storage.put = (key, data, contentType) => {
    held.delete(key);
    return original.put.call(storage, key, data, contentType);
  };
  storage.putFile = (key, sourcePath, contentType) => {
    held.delete(key);
    return original.putFile.call(storage, key, sourcePath, contentType);
  };
  storage.putStream = (key, stream, contentType) => {
    held.delete(key);
    return original.putStream.call(storage, key, stream, contentType);
  };
  return async () => {
    Object.assign(storage, original);
    for (const key of held) {
      await original.delete.call(storage, key).catch((err: unknown) => {
        deps.log.warn({ err, key }, 'a file removal held during the backup failed');
      });
    }
  };
}

/* ---- the client side (npm run backup / restore) ---- */

function connect(path: string): Promise<Socket> {
  return new Promise((done, fail) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.off('error', fail);
      done(socket);
    });
    socket.once('error', fail);
  });
}

/** The frames of the server's answer, in order. */
async function* frames(socket: Socket): AsyncGenerator<{ type: number; payload: Buffer }> {
  let pending: Buffer = Buffer.alloc(0);
  for await (const chunk of socket as AsyncIterable<Buffer>) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= FRAME_HEADER) {
      const length = pending.readUInt32BE(1);
      if (length > FRAME_MAX) throw new BackupError('the server sent something that is not a backup');
      if (pending.length < FRAME_HEADER + length) break;
      yield { type: pending[0]!, payload: pending.subarray(FRAME_HEADER, FRAME_HEADER + length) };
      pending = pending.subarray(FRAME_HEADER + length);
    }
  }
}

type Answer = { ok: true; [key: string]: unknown } | { ok: false; error: string };

async function ping(path: string): Promise<{ pid: number }> {
  const socket = await connect(path);
  socket.setTimeout(PING_TIMEOUT_MS, () =>
    socket.destroy(Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' })),
  );
  socket.write(`${JSON.stringify({ op: 'ping' })}\n`);
  for await (const { type, payload } of frames(socket)) {
    if (type !== FRAME_JSON) break;
    const answer = JSON.parse(payload.toString('utf8')) as Answer;
    if (answer.ok) return { pid: Number(answer.pid) };
    break;
  }
  throw Object.assign(new Error('no answer'), { code: 'ETIMEDOUT' });
}

export type ServerState =
  | { state: 'running'; pid: number }
  | { state: 'stopped' }
  /** The database looks open (its lock file is newer than any socket) and nothing answers. */
  | { state: 'unknown' };

/**
 * Whether a Zema server has DATA_DIR's embedded database open. It answers on ops.sock; a socket
 * nobody answers on was left by a server that was killed. Without an answer, PGlite's lock file
 * (db/postmaster.pid, written when the database opens, removed when it closes) newer than the
 * socket means a process opened it since: a server still starting, one that cannot listen (path
 * too long), or one killed before it listened — which cannot be told apart from here.
 */
export async function serverState(dataDir: string): Promise<ServerState> {
  const path = socketPath(dataDir);
  const [socketFile, lockFile] = await Promise.all([
    lstat(path).catch(() => null),
    stat(join(dataDir, 'db', 'postmaster.pid')).catch(() => null),
  ]);
  if (socketFile) {
    try {
      const { pid } = await ping(path);
      return { state: 'running', pid };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM') {
        throw new BackupError(
          `cannot connect to ${path}: permission denied (run this as the user the server runs as)`,
        );
      }
      if (code === 'ETIMEDOUT') {
        throw new BackupError(`a process holds ${path} but does not answer: is the server stuck? Try again`);
      }
      if (code !== 'ECONNREFUSED' && code !== 'ENOENT' && code !== 'ENOTSOCK') throw err;
    }
  }
  if (lockFile && (!socketFile || lockFile.mtimeMs > socketFile.mtimeMs)) return { state: 'unknown' };
  return { state: 'stopped' };
}

export type ServerBackup = { manifest: BackupManifest; skipped: string[] };

/** Asks the server on DATA_DIR/ops.sock for a backup; `write` gets the .tar.gz bytes in order. */
export async function requestBackup(
  dataDir: string,
  write: (chunk: Buffer) => Promise<unknown>,
): Promise<ServerBackup> {
  const socket = await connect(socketPath(dataDir)).catch((err: NodeJS.ErrnoException) => {
    throw new BackupError(`cannot connect to the server (${err.code ?? err.message}): was it stopped?`);
  });
  socket.write(`${JSON.stringify({ op: 'backup' })}\n`);
  const cut = () =>
    new BackupError('the server closed the connection before the backup was complete (was it stopped?)');
  try {
    for await (const { type, payload } of frames(socket)) {
      if (type === FRAME_DATA) {
        await write(payload);
        continue;
      }
      const answer = JSON.parse(payload.toString('utf8')) as Answer;
      if (!answer.ok) throw new BackupError(`the server could not make the backup: ${answer.error}`);
      return { manifest: answer.manifest as BackupManifest, skipped: (answer.skipped as string[]) ?? [] };
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ECONNRESET' || code === 'EPIPE') throw cut();
    throw err;
  } finally {
    socket.destroy();
  }
  throw cut();
}
