// `npm run backup [-- --out FILE] [--force]`: a backup of the embedded default (PGlite in
// DATA_DIR/db, DATA_DIR/storage, DATA_DIR/app-key) in one .tar.gz, taken by the running server when
// there is one (docs/operations.md, "Backups"; decision 0058). Runs under tsx (node --import tsx),
// which loads the server's TypeScript as it is.
import { backupCommand } from '../apps/server/src/modules/ops/backup-cli.ts';

process.exitCode = await backupCommand(process.argv.slice(2));
