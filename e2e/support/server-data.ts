import { join } from 'node:path';

const artifacts = join(import.meta.dirname, '..', '.artifacts');

/**
 * The e2e server's DATA_DIR (scripts/e2e-server.mjs): one per port, so a second server started
 * beside a running suite never wipes the first one's database, mail and logs.
 */
export const serverDataDir = join(artifacts, `data-${process.env.E2E_PORT ?? 8181}`);

/** Where admin.setup.ts keeps the signed-in admin's cookies for the server at `baseURL`. */
export function adminStateFile(baseURL: string | undefined): string {
  return join(artifacts, `admin-state-${new URL(baseURL ?? 'http://127.0.0.1:8181').port}.json`);
}
