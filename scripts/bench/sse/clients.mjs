// The clients of scripts/bench/sse.mjs, in a process of their own: N streaming GETs (one per
// cookie, or N without one), each noting when the first event's last byte arrives.
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
let arrivals = [];
let connections = [];

function connect(url, cookie) {
  return new Promise((resolve, reject) => {
    const slot = { at: 0, seen: '' };
    const req = request(
      url,
      { agent, headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`status ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let ready = false;
        res.on('data', (chunk) => {
          slot.seen += chunk;
          if (!ready) {
            if (slot.seen.includes('retry:')) {
              ready = true;
              slot.seen = '';
              resolve(slot);
            }
            return;
          }
          if (slot.at !== 0) {
            slot.seen = '';
            return;
          }
          // An event's frame ends with a blank line; the stream may also carry `: ping` comments.
          const start = slot.seen.indexOf('event: notification.count');
          if (start !== -1 && slot.seen.indexOf('\n\n', start) !== -1) {
            slot.at = performance.timeOrigin + performance.now();
            slot.seen = '';
            arrivals.push(slot.at);
            if (arrivals.length === connections.length) process.send({ type: 'received', arrivals });
          }
        });
      },
    );
    req.on('error', reject);
    req.on('close', () => reject(new Error('the stream closed before it opened')));
    slot.req = req;
    req.end();
  });
}

process.on('message', async (msg) => {
  if (msg.type === 'connect') {
    const { url, cookies, n } = msg;
    const batch = 100;
    try {
      for (let i = 0; i < n; i += batch) {
        const part = [];
        for (let k = i; k < Math.min(n, i + batch); k++) part.push(connect(url, cookies[k]));
        connections.push(...(await Promise.all(part)));
      }
    } catch (err) {
      console.error(`client ${connections.length + 1}: ${err.message}`);
      process.exit(1);
    }
    process.send({ type: 'connected', n: connections.length });
  } else if (msg.type === 'arm') {
    arrivals = [];
    for (const c of connections) {
      c.at = 0;
      c.seen = '';
    }
    process.send({ type: 'armed' });
  } else if (msg.type === 'stop') {
    for (const c of connections) c.req.destroy();
    connections = [];
    process.exit(0);
  }
});
process.send({ type: 'up' });
