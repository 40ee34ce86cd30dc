import { join } from 'node:path';
import type { Config } from '#src/config';
import { readAdminCredentials } from '#src/db/seed';

/** Where to open Zema, how to sign in as admin, and where mail goes, framed. */
export function firstStartBox(config: Config): string {
  const lines = [`Zema is running at ${config.appUrl}`];
  const credentials = readAdminCredentials(config);
  if (credentials) {
    lines.push(`Admin login: ${credentials.email} / ${credentials.password}`);
    lines.push(`(generated on first start; delete ${config.dataDir}/admin-credentials.txt once changed)`);
  } else if (config.adminPassword) {
    lines.push(`Admin login: ${config.adminEmail} / the ADMIN_PASSWORD you configured`);
  }
  lines.push(
    config.mailUrl
      ? `Mail goes out through ${new URL(config.mailUrl).host}`
      : `Mail is written to ${join(config.dataDir, 'mail')} (set MAIL_URL to send it)`,
  );
  const width = Math.max(...lines.map((l) => l.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${rule}┘`].join('\n');
}
