// The listeners of scripts/bench/radio.mjs, in a process of their own: N streaming GETs of a live
// MP3 stream that only read and count bytes, as a player's network layer would (no decoding).
// Driven by its parent over IPC: 'connect' → 'connected', 'mark' → 'marked' (each listener's byte
// count now, and how many streams are still open), 'stop'.
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
/** @type {{ req: import('node:http').ClientRequest, bytes: number, open: boolean }[]} */
let listeners = [];
let head = null;
/** Connections refused on the way in and tried again (reported: a server's accept queue overflowing). */
let retried = 0;

/** A connect that the server reset before answering is tried again, at most three times. */
async function connectRetrying(url, headers) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await connect(url, headers);
    } catch (err) {
      if (attempt >= 3 || err.code !== 'ECONNRESET') throw err;
      retried++;
    }
  }
}

function connect(url, headers) {
  return new Promise((resolve, reject) => {
    const listener = { req: null, bytes: 0, open: false };
    const req = request(url, { agent, headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url} answered ${res.statusCode}`));
        return;
      }
      head ??= {
        contentType: res.headers['content-type'] ?? null,
        metaint: res.headers['icy-metaint'] ?? null,
        bitrate: res.headers['icy-br'] ?? null,
      };
      listener.open = true;
      res.on('data', (chunk) => {
        listener.bytes += chunk.length;
      });
      res.once('close', () => {
        listener.open = false;
      });
      resolve(listener);
    });
    req.on('error', (err) => {
      listener.open = false;
      reject(err);
    });
    listener.req = req;
    req.end();
  });
}

process.on('message', async (msg) => {
  if (msg.type === 'connect') {
    const { url, n, headers } = msg;
    // A bounded number of connects in flight, as listeners arrive: Icecast listens with a queue of
    // 5 (ICECAST_LISTEN_QUEUE) and takes each new client's headers in turn; a hundred connects at
    // once overflowed that queue, the kernel dropped SYNs, clients waited 1, 3, 7 s… to try again
    // and some were reset (one run took 480 s to connect 1 000). With 32 in flight Icecast takes
    // 1 000 in about 25 s with none reset, Zema in under 2 s. Both servers get the same arrivals.
    const inFlight = Number(process.env.BENCH_RADIO_CONNECTS_IN_FLIGHT ?? 32);
    let next = 0;
    try {
      await Promise.all(
        Array.from({ length: Math.min(inFlight, n) }, async () => {
          while (next < n) {
            next++;
            listeners.push(await connectRetrying(url, headers));
          }
        }),
      );
    } catch (err) {
      console.error(`listener ${listeners.length + 1}: ${err.message}`);
      process.exit(1);
    }
    process.send({ type: 'connected', n: listeners.length, retried, ...head });
  } else if (msg.type === 'mark') {
    process.send({
      type: 'marked',
      t: performance.timeOrigin + performance.now(),
      bytes: listeners.map((l) => l.bytes),
      open: listeners.filter((l) => l.open).length,
    });
  } else if (msg.type === 'stop') {
    for (const l of listeners) l.req.destroy();
    listeners = [];
    process.exit(0);
  }
});
process.send({ type: 'up' });
