import type { Socket } from 'node:net';
import { checkPublicHttpUrl, publicConnect, RequestTimeoutError } from '#src/platform/public-http';
import { SOURCE_MESSAGES, SourceError, toSourceError } from './errors';
import { DEFAULT_TIMEOUT_MS, USER_AGENT } from './fetch';
import { decodeCharRefs, song, splitArtistTitle, text } from './normalise';
import type { SourceOptions, SourceReading } from './types';

/** An answer's status line and headers are a few hundred bytes; past this it is not a stream. */
const MAX_HEAD_BYTES = 16 * 1024;
/** Audio bytes between metadata blocks: 8 000 to 32 768 in the wild; far more is not ICY. */
const MAX_METAINT = 1024 * 1024;
const MAX_REDIRECTS = 3;

/**
 * Reads ICY metadata out of a stream's bytes as they come: `metaint` audio bytes (skipped, never
 * kept), one length byte L, then 16·L bytes of metadata (at most 4 080, so a block is bounded by
 * the format itself). Calls `onBlock` with each block, an empty one for L = 0 ("unchanged").
 */
export class IcyMetadataReader {
  private audioLeft: number;
  private block: Buffer | null = null;
  private filled = 0;

  constructor(
    private readonly metaint: number,
    private readonly onBlock: (block: Buffer) => void,
  ) {
    this.audioLeft = metaint;
  }

  push(chunk: Buffer) {
    let i = 0;
    while (i < chunk.length) {
      if (this.block) {
        const n = Math.min(this.block.length - this.filled, chunk.length - i);
        chunk.copy(this.block, this.filled, i, i + n);
        this.filled += n;
        i += n;
        if (this.filled === this.block.length) {
          const block = this.block;
          this.block = null;
          this.audioLeft = this.metaint;
          this.onBlock(block);
        }
      } else if (this.audioLeft > 0) {
        const n = Math.min(this.audioLeft, chunk.length - i);
        this.audioLeft -= n;
        i += n;
      } else {
        const length = chunk[i++]! * 16;
        if (length === 0) {
          this.audioLeft = this.metaint;
          this.onBlock(Buffer.alloc(0));
        } else {
          this.block = Buffer.allocUnsafe(length);
          this.filled = 0;
        }
      }
    }
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A block's text: UTF-8 when it is valid UTF-8, else Latin-1 (what ICY meant, and what Icecast sends for MP3). */
export function decodeIcyText(block: Buffer): string {
  let end = block.length;
  while (end > 0 && block[end - 1] === 0) end--;
  const bytes = block.subarray(0, end);
  let decoded: string;
  try {
    decoded = utf8.decode(bytes);
  } catch {
    decoded = bytes.toString('latin1');
  }
  return decoded.replaceAll('\u0000', '');
}

/**
 * `StreamTitle` of a metadata block (`StreamTitle='Artist - Title';StreamUrl='…';`): the quote
 * that ends it is the one followed by `;` and then the next key or the end, so a title may hold
 * apostrophes ("Don't Stop"). Undefined when the block has no StreamTitle at all.
 */
export function streamTitle(block: Buffer): string | null | undefined {
  const decoded = decodeIcyText(block);
  const start = decoded.indexOf("StreamTitle='");
  if (start === -1) return undefined;
  const rest = decoded.slice(start + "StreamTitle='".length);
  const end = /';(?=\s*(?:[A-Za-z_][\w-]*=|$))/.exec(rest);
  const raw = end ? rest.slice(0, end.index) : rest.replace(/';?\s*$/, '');
  return text(decodeCharRefs(raw));
}

/** A reading from a StreamTitle: ICY has no listener count, album, art or times. */
export function icyReading(title: string | null): SourceReading {
  return { song: title ? song(splitArtistTitle(title)) : null, listeners: null };
}

type Head = { status: number; headers: Record<string, string>; rest: Buffer };

/**
 * The status line and headers of the answer on `socket`, by hand: SHOUTcast 1 answers
 * `ICY 200 OK`, which Node's HTTP parser refuses, so the request is HTTP/1.0 (no chunked body) and
 * the head is read here. The socket is paused after it, the bytes that came with it in `rest`.
 */
function readHead(socket: Socket, timeoutMs: number): Promise<Head> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const timer = setTimeout(
      () => socket.destroy(new RequestTimeoutError('no answer from the stream')),
      timeoutMs,
    );
    const finish = () => {
      clearTimeout(timer);
      socket.removeListener('data', onData);
      socket.removeListener('error', onError);
      socket.removeListener('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const crlf = buffered.indexOf('\r\n\r\n');
      const lf = buffered.indexOf('\n\n');
      const end = crlf !== -1 && (lf === -1 || crlf < lf) ? crlf + 4 : lf !== -1 ? lf + 2 : -1;
      if (end === -1) {
        if (buffered.length > MAX_HEAD_BYTES) {
          finish();
          socket.destroy();
          reject(new SourceError(SOURCE_MESSAGES.badFormat, 'no end of headers'));
        }
        return;
      }
      finish();
      socket.pause();
      const lines = buffered.subarray(0, end).toString('latin1').split(/\r?\n/);
      const statusLine = /^(?:HTTP\/\d(?:\.\d)?|ICY)\s+(\d{3})\b/i.exec(lines[0] ?? '');
      if (!statusLine) {
        socket.destroy();
        reject(
          new SourceError(SOURCE_MESSAGES.badFormat, `not an HTTP or ICY answer: ${lines[0]?.slice(0, 80)}`),
        );
        return;
      }
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        headers[name] ??= line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine[1]), headers, rest: buffered.subarray(end) });
    };
    const onError = (err: Error) => {
      finish();
      reject(toSourceError(err));
    };
    const onClose = () => {
      finish();
      reject(new SourceError(SOURCE_MESSAGES.unreachable, 'closed before answering'));
    };
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('close', onClose);
  });
}

/** Connects to the stream asking for metadata, redirects followed (each checked): the socket, its interval and the first bytes. */
async function openIcy(raw: string, opts: SourceOptions, signal: AbortSignal) {
  const allowPrivate = opts.allowPrivateAddresses === true;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let url = checkPublicHttpUrl(raw, allowPrivate);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (!url) throw new SourceError(SOURCE_MESSAGES.notAllowed, raw);
    let socket: Socket;
    try {
      socket = await publicConnect(url, { allowPrivate, signal, timeoutMs });
    } catch (err) {
      throw toSourceError(err);
    }
    const onAbort = () => socket.destroy();
    signal.addEventListener('abort', onAbort, { once: true });
    let head: Head;
    try {
      socket.write(
        [
          `GET ${url.pathname}${url.search} HTTP/1.0`,
          `Host: ${url.host}`,
          `User-Agent: ${USER_AGENT}`,
          'Accept: */*',
          'Icy-MetaData: 1',
          'Connection: close',
          '',
          '',
        ].join('\r\n'),
      );
      head = await readHead(socket, timeoutMs);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    if (head.status >= 300 && head.status < 400 && head.headers.location) {
      socket.destroy();
      let next: URL | null = null;
      try {
        next = new URL(head.headers.location, url);
      } catch {
        // an unreadable Location: refused below like a private one
      }
      url = next && checkPublicHttpUrl(next, allowPrivate);
      continue;
    }
    if (head.status !== 200) {
      socket.destroy();
      throw new SourceError(SOURCE_MESSAGES.httpError, `HTTP ${head.status} from ${url.href}`);
    }
    const metaint = Number(head.headers['icy-metaint']);
    if (!Number.isInteger(metaint) || metaint <= 0 || metaint > MAX_METAINT) {
      socket.destroy();
      throw new SourceError(
        SOURCE_MESSAGES.noIcyMetadata,
        `icy-metaint: ${head.headers['icy-metaint'] ?? 'none'}`,
      );
    }
    return { socket, metaint, rest: head.rest };
  }
  throw new SourceError(SOURCE_MESSAGES.httpError, `more than ${MAX_REDIRECTS} redirects from ${raw}`);
}

/**
 * Reads the stream's titles: emits the first metadata slot (the title now, or no song when the
 * station sends none), then each title that differs. Resolves when `signal` aborts; rejects when
 * the stream cannot be opened, sends no metadata, stalls for `timeoutMs` or ends.
 */
export async function watchIcy(
  url: string,
  emit: (reading: SourceReading) => void,
  signal: AbortSignal,
  opts: SourceOptions = {},
): Promise<void> {
  if (signal.aborted) return;
  let opened: Awaited<ReturnType<typeof openIcy>>;
  try {
    opened = await openIcy(url, opts, signal);
  } catch (err) {
    if (signal.aborted) return;
    throw err;
  }
  const { socket, metaint, rest } = opened;
  return new Promise((resolve, reject) => {
    let last: string | null | undefined;
    let settled = false;
    const settle = (err?: SourceError) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      if (err && !signal.aborted) reject(err);
      else resolve();
    };
    const onAbort = () => settle();
    const reader = new IcyMetadataReader(metaint, (block) => {
      // An empty block, or one without StreamTitle, repeats the title: news only as the first.
      const title = block.length ? streamTitle(block) : undefined;
      if (title === undefined && last !== undefined) return;
      const current = title ?? null;
      if (current === last) return;
      last = current;
      emit(icyReading(current));
    });
    signal.addEventListener('abort', onAbort, { once: true });
    socket.setTimeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS, () =>
      settle(new SourceError(SOURCE_MESSAGES.timeout, `no audio from ${url}`)),
    );
    socket.on('data', (chunk: Buffer) => {
      if (!settled) reader.push(chunk);
    });
    socket.once('error', (err) => settle(toSourceError(err)));
    socket.once('end', () => settle(new SourceError(SOURCE_MESSAGES.streamEnded, url)));
    socket.once('close', () => settle(new SourceError(SOURCE_MESSAGES.streamEnded, url)));
    reader.push(rest);
    if (!settled) socket.resume();
  });
}

/** The admin's check: the stream's first metadata slot, within the time limit. */
export async function readIcyOnce(url: string, opts: SourceOptions = {}): Promise<SourceReading> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const done = new AbortController();
  let reading: SourceReading | null = null;
  await watchIcy(
    url,
    (r) => {
      reading ??= r;
      done.abort();
    },
    AbortSignal.any([timeout, done.signal]),
    opts,
  );
  if (!reading) throw new SourceError(SOURCE_MESSAGES.timeout, `no metadata from ${url}`);
  return reading;
}
