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
// The floor of X-Accel-Redirect behind nginx: an upstream that decides nothing and names the file.
if (process.env.ACCEL_TARGET) {
  app.get('/bare-accel', (_request, reply) => {
    reply.header('x-accel-redirect', process.env.ACCEL_TARGET).type('audio/mpeg').send();
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
