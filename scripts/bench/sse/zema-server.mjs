// The Zema side of scripts/bench/sse.mjs (run with `node --import tsx`): the whole app on PGlite,
// N users each with a browser session, listening on PORT. On "publish" it publishes one live event
// to every user through `deps.live` (what notify() does), the way a release reaches its followers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { SESSION_COOKIE } from '../../../apps/server/src/http/cookies.ts';
import { createSession } from '../../../apps/server/src/modules/identity/index.ts';
import { users } from '../../../apps/server/src/modules/users/tables.ts';

const N = Number(process.env.BENCH_SSE_CLIENTS);
const dataDir = mkdtempSync(join(tmpdir(), 'zema-bench-sse-'));
const env = {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: 'bench@zema.test',
  ADMIN_PASSWORD: 'bench-password',
  PORT: process.env.PORT,
  // The embedded drivers unless the run asks for Redis (BENCH_SSE_REDIS=redis://…).
  REDIS_URL: process.env.BENCH_SSE_REDIS,
};
const app = await buildApp(loadConfig(env));

const ids = [];
for (let i = 0; i < N; i += 500) {
  const rows = await app.db
    .insert(users)
    .values(
      Array.from({ length: Math.min(500, N - i) }, (_, k) => ({
        email: `sse-${i + k}@bench.test`,
        firstName: 'Bench',
        lastName: String(i + k),
        emailVerifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  ids.push(...rows.map((r) => r.id));
}
const cookies = [];
for (const id of ids) cookies.push(`${SESSION_COOKIE}=${await createSession(app.db, id)}`);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });

process.on('message', async (msg) => {
  if (msg.type === 'publish') {
    const t0 = performance.timeOrigin + performance.now();
    let n = 0;
    await Promise.all(ids.map((id) => app.deps.live.publish(id, 'notification.count', { unreadCount: ++n })));
    process.send({ type: 'published', t0, ms: performance.timeOrigin + performance.now() - t0 });
  } else if (msg.type === 'memory') {
    globalThis.gc?.();
    process.send({ type: 'memory', ...process.memoryUsage(), open: app.liveStreams.stats.streams });
  } else if (msg.type === 'stop') {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  }
});
process.send({
  type: 'ready',
  url: `http://127.0.0.1:${process.env.PORT}/api/v1/events`,
  tokens: cookies,
});
