import { buildApp } from '#src/app';
import { ConfigError, loadConfig } from '#src/config';
import { readAdminCredentials } from '#src/db/seed';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });

  console.log(`Zema is running at ${config.appUrl}`);
  const credentials = readAdminCredentials(config);
  if (credentials) {
    console.log(`Admin login: ${credentials.email} / ${credentials.password}`);
    console.log('(Generated on first start; delete admin-credentials.txt in DATA_DIR once you changed it.)');
  } else if (config.adminPassword) {
    console.log(`Admin login: ${config.adminEmail} / (ADMIN_PASSWORD)`);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
