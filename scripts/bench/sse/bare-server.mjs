// The reference for scripts/bench/sse.mjs: a bare Node `http` server doing what the events route
// does at its simplest — SSE headers, a `retry:` hint, one Set of open responses, and on "publish"
// the same frame written to each. Driven by its parent over IPC.
import { createServer } from 'node:http';

const open = new Set();
let seq = 0;
const server = createServer((req, res) => {
  if (req.url !== '/events') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  res.write('retry: 3000\n\n');
  open.add(res);
  res.once('close', () => open.delete(res));
});
server.keepAliveTimeout = 0;

process.on('message', (msg) => {
  if (msg.type === 'publish') {
    const t0 = performance.timeOrigin + performance.now();
    // One event per connection, each with its own id, as one per user would be.
    for (const res of open) {
      const id = ++seq;
      res.write(`id: ${id}\nevent: notification.count\ndata: ${JSON.stringify({ unreadCount: id })}\n\n`);
    }
    process.send({ type: 'published', t0, ms: performance.timeOrigin + performance.now() - t0 });
  } else if (msg.type === 'memory') {
    globalThis.gc?.();
    process.send({ type: 'memory', ...process.memoryUsage(), open: open.size });
  } else if (msg.type === 'stop') {
    for (const res of open) res.end();
    server.close(() => process.exit(0));
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.send({ type: 'ready', url: `http://127.0.0.1:${process.env.PORT}/events`, tokens: [] });
});
