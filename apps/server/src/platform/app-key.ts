import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '#src/config';

const APP_KEY_FILE = 'app-key';

/**
 * The install's secret (it seals the secrets stored in the database through `secret-box.ts` —
 * two-factor secrets, app passwords, gateway keys, queued mails — and signs the OAuth cookies and
 * the sandbox gateway's webhooks): APP_KEY, or one generated on first start and kept in
 * DATA_DIR/app-key (mode 0600), so what was sealed before a restart still opens after it.
 */
export async function resolveAppKey(config: Config): Promise<string> {
  if (config.appKey) return config.appKey;
  // Read once per process and DATA_DIR: apps signing every request need it on each one.
  let known = resolved.get(config.dataDir);
  if (!known) {
    known = readOrCreate(config).catch((err) => {
      resolved.delete(config.dataDir);
      throw err;
    });
    resolved.set(config.dataDir, known);
  }
  return known;
}

const resolved = new Map<string, Promise<string>>();

async function readOrCreate(config: Config): Promise<string> {
  const file = join(config.dataDir, APP_KEY_FILE);
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  const key = randomBytes(32).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  // 'wx': two instances starting together on one DATA_DIR keep whichever key was written first.
  await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => undefined);
  const stored = (await readFile(file, 'utf8')).trim();
  await chmod(file, 0o600).catch(() => {});
  return stored;
}
