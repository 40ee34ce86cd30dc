import { join } from 'node:path';
import { test } from '@playwright/test';

const artifacts = join(import.meta.dirname, '..', '.artifacts');

const portOf = (baseURL: string | undefined) => new URL(baseURL ?? 'http://127.0.0.1:8181').port;

/**
 * The DATA_DIR of the e2e server the running test talks to (scripts/e2e-server.mjs): one per
 * port, so the settings-mutating project's own server, or a second suite on another port, never
 * shares a database, mail or logs with another.
 */
export function serverDataDir(): string {
  return join(artifacts, `data-${portOf(test.info().project.use.baseURL)}`);
}

/** Where admin.setup.ts keeps the signed-in admin's cookies for the server at `baseURL`. */
export function adminStateFile(baseURL: string | undefined): string {
  return join(artifacts, `admin-state-${portOf(baseURL)}.json`);
}
