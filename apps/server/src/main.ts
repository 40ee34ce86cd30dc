import type { FastifyInstance } from 'fastify';
import { buildApp } from '#src/app';
import { type Config, ConfigError, loadConfig } from '#src/config';
import { firstStartBox } from '#src/first-start';

let app: FastifyInstance | undefined;
let closing = false;

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app?.log.info({ signal }, 'shutting down');
  // A stuck connection must not keep the process alive forever (deploy/zema@.service waits 20 s).
  const force = setTimeout(() => {
    console.error('Graceful shutdown timed out.');
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    // Not ready, no new connections, the open ones answered and closed (ops/drain.ts); then close()
    // ends event streams, lets in-flight requests finish, and onClose hooks close the database and Redis.
    await app?.deps.ops.drain.start();
    await app?.close();
    process.exit(0);
  } catch (err) {
    console.error('Error during shutdown:', err);
    process.exit(1);
  }
}

// Installed first: a signal during startup must still close the database cleanly.
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env, { tty: process.stdout.isTTY === true });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const built = await buildApp(config, { demoCatalogue: true, schedules: true });
  app = built;
  if (closing) {
    await built.close();
    process.exit(0);
  }
  await built.listen({ port: config.port, host: config.host });

  // Printed last, after the build's and the start's lines, so it is what the terminal shows.
  console.log(firstStartBox(config));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
