import { type ClientRequest, type IncomingHttpHeaders, request } from 'node:http';

/** One server-sent event as the browser's EventSource parses it. */
export type SseEvent = { id?: string; event?: string; data?: string; retry?: number };

/**
 * A streaming HTTP client for `text/event-stream` answers from a listening server (inject cannot
 * stream): it parses frames as bytes arrive and lets a test wait for the next event, comment or
 * the end of the stream, never for a time.
 */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  status = 0;
  headers: IncomingHttpHeaders = {};
  /** The body of an answer that is not a stream (401, 422, 429). */
  body = '';
  private queue: SseEvent[] = [];
  private waiters: ((e: SseEvent | null) => void)[] = [];
  private commentWaiters: ((c: string) => void)[] = [];
  private req: ClientRequest | null = null;
  private done = false;
  readonly ended: Promise<void>;
  private resolveEnded!: () => void;

  private constructor() {
    this.ended = new Promise((r) => {
      this.resolveEnded = r;
    });
  }

  /** Resolves when the answer's headers arrive (for a stream: once the server subscribed). */
  static connect(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    return new Promise((resolve, reject) => {
      const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        client.status = res.statusCode ?? 0;
        client.headers = res.headers;
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          if (client.status !== 200) {
            client.body += chunk;
            return;
          }
          buffer += chunk;
          for (let end = buffer.search(/\r?\n\r?\n/); end !== -1; end = buffer.search(/\r?\n\r?\n/)) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + (buffer[end] === '\r' ? 4 : 2));
            client.parse(block);
          }
        });
        const finish = () => client.finish();
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
        resolve(client);
      });
      client.req = req;
      req.on('error', (err) => {
        if (client.status) client.finish();
        else reject(err);
      });
      req.end();
    });
  }

  private parse(block: string) {
    const event: SseEvent = {};
    let isEvent = false;
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) {
        const comment = line.slice(1).trim();
        this.comments.push(comment);
        for (const w of this.commentWaiters.splice(0)) w(comment);
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'data') event.data = event.data === undefined ? value : `${event.data}\n${value}`;
      else if (field === 'retry') event.retry = Number(value);
      else continue;
      isEvent = true;
    }
    if (!isEvent) return;
    this.events.push(event);
    const waiter = this.waiters.shift();
    if (waiter) waiter(event);
    else this.queue.push(event);
  }

  private finish() {
    if (this.done) return;
    this.done = true;
    for (const w of this.waiters.splice(0)) w(null);
    this.resolveEnded();
  }

  /** The next event not yet taken (a `retry:` block counts); null when the stream ended first. */
  next(): Promise<SseEvent | null> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    if (this.done) return Promise.resolve(null);
    return new Promise((r) => this.waiters.push(r));
  }

  /** The next event with an `event:` name (skips the `retry:` hint). */
  async nextEvent(): Promise<SseEvent> {
    for (;;) {
      const e = await this.next();
      if (!e) throw new Error(`the stream ended; events so far: ${JSON.stringify(this.events)}`);
      if (e.event) return e;
    }
  }

  /** The next comment line (`: ping`). */
  nextComment(): Promise<string> {
    return new Promise((r) => this.commentWaiters.push(r));
  }

  /** Hangs up, as a closed tab does. */
  close() {
    this.req?.destroy();
  }
}
