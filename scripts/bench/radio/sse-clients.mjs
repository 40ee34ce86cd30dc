// The event-stream clients of scripts/bench/radio.mjs, in a process of their own: N streaming GETs
// of a server-sent-event stream. A stream counts as open once it has its `retry:` line and, when
// `initial` names an event, that event's frame (a station's page gets the state now at once).
// After 'arm', each client notes when the next frame of `event` has fully arrived, and its data.
// Driven by its parent over IPC: 'connect' → 'connected', 'arm' → 'armed', then 'received' once
// every client has the event ('report' answers with what arrived so far), 'stop'.
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
let clients = [];
let event = '';
let armed = false;
let arrivals = [];
let datas = [];

/** The complete frames at the head of `text` (a frame ends with a blank line), and the rest. */
function frames(text) {
  const out = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n\n', start);
    if (end === -1) break;
    const f = { event: 'message', data: [], retry: false };
    for (const line of text.slice(start, end).split('\n')) {
      if (line.startsWith('event:')) f.event = line.slice(6).trim();
      else if (line.startsWith('data:')) f.data.push(line.slice(5).replace(/^ /, ''));
      else if (line.startsWith('retry:')) f.retry = true;
    }
    out.push(f);
    start = end + 2;
  }
  return { frames: out, rest: text.slice(start) };
}

function connect(url, initial) {
  return new Promise((resolve, reject) => {
    const client = { req: null, buffer: '', at: 0, open: false };
    let retry = false;
    let ready = false;
    const req = request(url, { agent, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`${url} answered ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const now = performance.timeOrigin + performance.now();
        client.buffer += chunk;
        if (client.buffer.indexOf('\n\n') === -1) return;
        const parsed = frames(client.buffer);
        client.buffer = parsed.rest;
        for (const f of parsed.frames) {
          if (!ready) {
            if (f.retry) retry = true;
            if (retry && (!initial || f.event === initial)) {
              ready = true;
              client.open = true;
              resolve(client);
            }
          } else if (armed && client.at === 0 && f.event === event) {
            client.at = now;
            arrivals.push(now);
            datas.push(f.data.join('\n'));
            if (arrivals.length === clients.length) {
              armed = false;
              process.send({ type: 'received', arrivals, datas });
            }
          }
        }
      });
      res.once('close', () => {
        client.open = false;
        if (!ready) reject(new Error('the stream closed before it opened'));
      });
    });
    req.on('error', reject);
    client.req = req;
    req.end();
  });
}

process.on('message', async (msg) => {
  if (msg.type === 'connect') {
    const { url, n, initial } = msg;
    event = msg.event;
    const batch = 100;
    try {
      for (let i = 0; i < n; i += batch) {
        const part = [];
        for (let k = i; k < Math.min(n, i + batch); k++) part.push(connect(url, initial));
        clients.push(...(await Promise.all(part)));
      }
    } catch (err) {
      console.error(`client ${clients.length + 1}: ${err.message}`);
      process.exit(1);
    }
    process.send({ type: 'connected', n: clients.length });
  } else if (msg.type === 'arm') {
    arrivals = [];
    datas = [];
    for (const c of clients) c.at = 0;
    armed = true;
    process.send({ type: 'armed', open: clients.filter((c) => c.open).length });
  } else if (msg.type === 'report') {
    process.send({ type: 'report', arrivals, datas, open: clients.filter((c) => c.open).length });
  } else if (msg.type === 'stop') {
    for (const c of clients) c.req.destroy();
    clients = [];
    process.exit(0);
  }
});
process.send({ type: 'up' });
