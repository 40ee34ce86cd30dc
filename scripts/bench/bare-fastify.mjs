// Reference server for the benchmarks: a bare Fastify JSON route, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/json', async () => ({ hello: 'world' }));
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
