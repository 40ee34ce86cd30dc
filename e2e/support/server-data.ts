import { join } from 'node:path';

/**
 * The e2e server's DATA_DIR (scripts/e2e-server.mjs): one per port, so a second server started
 * beside a running suite never wipes the first one's database, mail and logs.
 */
export const serverDataDir = join(
  import.meta.dirname,
  '..',
  '.artifacts',
  `data-${process.env.E2E_PORT ?? 8181}`,
);
