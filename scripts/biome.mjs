// Runs Biome from its Linux platform package. The npm registry these machines reach serves only
// Biome's linux-x64 and linux-arm64 builds, so the @biomejs/biome wrapper (whose optional
// dependencies list every platform) leaves a lock file `npm ci` rejects. See docs/decisions/0004.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = `@biomejs/cli-linux-${process.arch === 'arm64' ? 'arm64' : 'x64'}`;
let bin;
try {
  bin = require.resolve(`${pkg}/biome`);
} catch {
  console.error(
    `Biome is not installed for this platform (${process.platform}-${process.arch}); expected ${pkg}.`,
  );
  process.exit(1);
}
const { status } = spawnSync(bin, process.argv.slice(2), { stdio: 'inherit' });
process.exit(status ?? 1);
