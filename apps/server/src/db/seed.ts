import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '#src/config';
import type { Database, Tx } from './client';

export const ADMIN_CREDENTIALS_FILE = 'admin-credentials.txt';

export type SeedResult = {
  adminCreated: boolean;
  generatedPassword?: string;
  /** A localization was added, so instances already serving must drop their cached list. */
  localizationsAdded?: boolean;
};

/**
 * What a module adds to a fresh install, in the seed's transaction: the users module the
 * permissions, roles and first admin; localization the languages; billing the example plans; site
 * the themes and menus. Idempotent like the seed; it may report what it created.
 */
export type ModuleSeed = (tx: Tx, config: Config) => Promise<Partial<SeedResult>>;

/**
 * Idempotent: inserts what is missing and never overwrites what an admin changed. Every module's
 * rows come from `seeds`, in one transaction and in the modules' order (`seedDatabaseWithModules`
 * in server-modules.ts passes them): a module seeds after the ones whose rows it refers to.
 */
export async function seedDatabase(
  db: Database,
  config: Config,
  seeds: readonly ModuleSeed[],
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    let result: SeedResult = { adminCreated: false };
    for (const seed of seeds) result = { ...result, ...(await seed(tx, config)) };
    return result;
  });
}

/** Writes the generated admin login where the operator finds it (readable by the owner only). */
export function writeAdminCredentials(config: Config, password: string) {
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, ADMIN_CREDENTIALS_FILE);
  writeFileSync(file, `${config.adminEmail}\n${password}\n`, { mode: 0o600 });
  // writeFileSync's mode only applies when the file is created.
  chmodSync(file, 0o600);
}

/** The generated admin login, while the credentials file exists (the admin deletes it). */
export function readAdminCredentials(config: Config): { email: string; password: string } | null {
  const file = join(config.dataDir, ADMIN_CREDENTIALS_FILE);
  if (!existsSync(file)) return null;
  const [email, password] = readFileSync(file, 'utf8').split('\n');
  return email && password ? { email, password } : null;
}
