// The server the browser tests run against: `npm start` on a fresh, throwaway DATA_DIR, in debug
// mode so the error dialog can be exercised with a real debug payload.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const dataDir = join(root, 'e2e/.artifacts/data');
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.APP_DEBUG ??= 'true';
process.env.ADMIN_EMAIL ??= 'admin@zema.test';
process.env.ADMIN_PASSWORD ??= 'e2e-admin-password';
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
await import('./start.mjs');
