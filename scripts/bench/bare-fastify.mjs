// Reference server for the benchmarks: a bare Fastify JSON route, nothing else.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/json', async () => ({ hello: 'world' }));
// The same bytes as Zema's bootstrap data, to separate payload size from per-request work.
const same = process.env.SAME_PAYLOAD_FILE
  ? JSON.parse(readFileSync(process.env.SAME_PAYLOAD_FILE, 'utf8'))
  : null;
app.get('/same-payload', async () => same);
app.get('/health', async () => ({ status: 'ok' }));
// The floor of a cached artist page: the bytes and headers Zema answers for ARTIST_PAGE_URL,
// fetched once, sent as they are — what any server pays to put that answer on the wire.
const WIRE_ONLY = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
let artistPage = null;
if (process.env.ARTIST_PAGE_URL) {
  app.get('/same-artist-page', async (_request, reply) => {
    artistPage ??= await fetch(process.env.ARTIST_PAGE_URL).then(async (res) => ({
      body: Buffer.from(await res.arrayBuffer()),
      headers: Object.fromEntries([...res.headers].filter(([name]) => !WIRE_ONLY.has(name))),
    }));
    return reply.headers(artistPage.headers).send(artistPage.body);
  });
}
// The same for any answer a signed-in user gets (SAME_ANSWER_URL, fetched once with SAME_ANSWER_COOKIE).
let sameAnswer = null;
if (process.env.SAME_ANSWER_URL) {
  app.get('/same-answer', async (_request, reply) => {
    sameAnswer ??= await fetch(process.env.SAME_ANSWER_URL, {
      headers: { cookie: process.env.SAME_ANSWER_COOKIE ?? '' },
    }).then(async (res) => ({
      body: Buffer.from(await res.arrayBuffer()),
      headers: Object.fromEntries([...res.headers].filter(([name]) => !WIRE_ONLY.has(name))),
    }));
    return reply.headers(sameAnswer.headers).send(sameAnswer.body);
  });
}
// The floor of X-Accel-Redirect behind nginx: an upstream that decides nothing and names the file.
if (process.env.ACCEL_TARGET) {
  app.get('/bare-accel', (_request, reply) => {
    reply.header('x-accel-redirect', process.env.ACCEL_TARGET).type('audio/mpeg').send();
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
