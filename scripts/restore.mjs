// `npm run restore -- FILE [--force]`: restores a backup made by `npm run backup` into DATA_DIR
// while no server runs there (docs/operations.md, "Backups"; decision 0058). Runs under tsx
// (node --import tsx), which loads the server's TypeScript as it is.
import { restoreCommand } from '../apps/server/src/modules/ops/backup-cli.ts';

process.exitCode = await restoreCommand(process.argv.slice(2));
