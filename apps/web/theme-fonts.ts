import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/**
 * The theme fonts (packages/contracts/src/appearance/fonts.ts): each `@fontsource-variable/<id>`
 * dependency of the web app, except the two the stylesheet always loads, is written to
 * `dist/fonts/<id>.css` with its files in `dist/fonts/<id>/`, at fixed addresses the server can
 * name in a page: loaded only where a theme uses it, from the site itself.
 */
export function themeFonts(alwaysLoaded: readonly string[]): Plugin {
  return {
    name: 'zema-theme-fonts',
    apply: 'build',
    generateBundle() {
      const pkg = JSON.parse(readFileSync(join(import.meta.dirname, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      const ids = Object.keys(pkg.dependencies)
        .filter((name) => name.startsWith('@fontsource-variable/'))
        .map((name) => name.slice('@fontsource-variable/'.length))
        .filter((id) => !alwaysLoaded.includes(id));
      for (const id of ids) {
        const dir = dirname(require.resolve(`@fontsource-variable/${id}/package.json`));
        const css = readFileSync(join(dir, 'index.css'), 'utf8').replace(/url\(\.\/files\//g, `url(./${id}/`);
        this.emitFile({ type: 'asset', fileName: `fonts/${id}.css`, source: css });
        for (const file of readdirSync(join(dir, 'files')).filter(
          (f) => f.endsWith('.woff2') && css.includes(f),
        ))
          this.emitFile({
            type: 'asset',
            fileName: `fonts/${id}/${file}`,
            source: readFileSync(join(dir, 'files', file)),
          });
      }
    },
  };
}
