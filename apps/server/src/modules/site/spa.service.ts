import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BootstrapData, Theme } from '@zema/contracts';
import { FAVICON_SET_PATTERN } from '@zema/contracts/appearance/appearance-admin';
import { themeFontFamily, themeFontStylesheet } from '@zema/contracts/appearance/fonts';
import { storedText } from '@zema/contracts/i18n/stored-text';
import { escapeHtml, serializeForScript } from '#src/lib/html';

export const BOOTSTRAP_MARKER = '<!--zema:bootstrap-->';
export const HEAD_MARKER = '<!--zema:head-->';

/** `:root{--x:v;...}` for a theme; names and values that could break out of the rule are dropped. */
export function themeCss(theme: Theme | null): string {
  if (!theme) return '';
  const decls = Object.entries(theme.values)
    .filter(([name, value]) => /^--[a-zA-Z0-9-]+$/.test(name) && !/[<>{};\\]/.test(value))
    .map(([name, value]) => `${name}:${value}`);
  // The theme's font, when it is one the site serves (its stylesheet is linked in the head).
  const font = themeFontFamily(theme.font?.family);
  if (font) decls.push(`--be-font-family:${font}`);
  const scheme = theme.is_dark ? 'dark' : 'light';
  return `:root{${decls.join(';')}${decls.length ? ';' : ''}color-scheme:${scheme}}`;
}

const NOT_BUILT_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Zema</title>
    ${HEAD_MARKER}
  </head>
  <body>
    <main style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
      <h1>The web app is not built</h1>
      <p>The API is running, but there is no built web app to serve. Run <code>npm run build</code>
      (or <code>npm start</code>, which builds it when needed) and reload this page.</p>
    </main>
    ${BOOTSTRAP_MARKER}
  </body>
</html>
`;

/** The SPA shell from WEB_DIST_DIR, re-read only when the file changes (a rebuild during dev). */
export function createIndexHtmlSource(webDistDir: string) {
  const file = join(webDistDir, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  return {
    get built() {
      return existsSync(file);
    },
    read(): string {
      let mtimeMs: number;
      try {
        mtimeMs = statSync(file).mtimeMs;
      } catch {
        return NOT_BUILT_HTML;
      }
      if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
      return cached.html;
    },
  };
}

/** The landing page's hero image when `path` shows the landing page to this visitor, else null. */
export function landingHeroImage(path: string, data: BootstrapData): string | null {
  const { homepage, landing } = data.settings;
  if (path !== '' || data.user || homepage.type !== 'landing') return null;
  return landing.headerImage || null;
}

const linesVersions = new WeakMap<object, string>();

/** A short hash of a language's lines: it changes when a line does (the cached object is reused). */
export function linesVersion(lines: Record<string, string>): string {
  let version = linesVersions.get(lines);
  if (!version) {
    version = createHash('sha256').update(JSON.stringify(lines)).digest('hex').slice(0, 16);
    linesVersions.set(lines, version);
  }
  return version;
}

/** Where a page loads its language's lines: `/i18n/am.<version>.js`, cached for a year. */
export const linesScriptPath = (language: string, lines: Record<string, string>) =>
  `/i18n/${encodeURIComponent(language)}.${linesVersion(lines)}.js`;

/** The lines script: it leaves the lines where the page's inline bootstrap script picks them up. */
export const linesScript = (lines: Record<string, string>) =>
  `window.zemaLines = ${serializeForScript(lines)};\n`;

/** The icons a page links: the favicon chosen in the appearance, and its phone-sized sibling. */
export function iconLinks(favicon: string | null): { icon: string; apple: string } | null {
  if (!favicon) return null;
  const generated = FAVICON_SET_PATTERN.test(favicon);
  if (generated)
    return {
      icon: `<link rel="icon" type="image/png" sizes="32x32" href="${escapeHtml(favicon)}">`,
      apple: `<link rel="apple-touch-icon" href="${escapeHtml(favicon.replace(/32\.png$/, '180.png'))}">`,
    };
  const type = /\.svg(\?|$)/i.test(favicon) ? ' type="image/svg+xml"' : '';
  return { icon: `<link rel="icon"${type} href="${escapeHtml(favicon)}">`, apple: '' };
}

export function renderIndexHtml(
  template: string,
  data: BootstrapData,
  nonce: { script: string; style: string },
  opts: {
    preloadImage?: string | null;
    preloadData?: string | null;
    firstPaint?: string;
    /** A page that is not one (a 404): kept out of search engines' indexes. */
    noindex?: boolean;
    /** The appearance's custom CSS and HTML (sanitised by the appearance module). */
    customCode?: { css: string; html: string };
    /** The page's title, description and share tags (share-tags.ts); the site's own without. */
    shareTags?: string;
  } = {},
): string {
  const theme = data.themes.all.find((t) => t.id === data.themes.selectedThemeId) ?? null;
  const { landing, site_name } = data.settings;
  const description =
    storedText(data.i18n?.lines, landing.headerSubtitle || landing.headerTitle) || site_name;
  // The hero image is the landing page's largest element: fetching it with the HTML rather than
  // after the scripts have rendered the page is most of its largest-contentful-paint time.
  const preload = opts.preloadImage
    ? `<link rel="preload" as="image" href="${escapeHtml(opts.preloadImage)}" fetchpriority="high">`
    : '';
  // The first call the page's code will make (a channel's rows): fetched alongside the scripts
  // instead of after them. Same URL, mode and credentials as the app's fetch, so the app gets it.
  const preloadData = opts.preloadData
    ? `<link rel="preload" as="fetch" href="${escapeHtml(opts.preloadData)}" crossorigin="use-credentials">`
    : '';
  // React Aria reads the nonce for the <style> elements it adds at run time (press and scroll
  // handling) from this meta; the browser hides a nonce attribute from other markup readers.
  const favicon =
    data.settings.branding.favicon === '/favicon.svg' ? null : iconLinks(data.settings.branding.favicon);
  // Before first paint: the theme's font from the site itself (nothing when it is the app's own).
  const fontSheet = themeFontStylesheet(theme?.font?.family);
  const head =
    (opts.shareTags ??
      `<title>${escapeHtml(site_name)}</title><meta name="description" content="${escapeHtml(description)}">`) +
    (favicon ? favicon.icon + favicon.apple : '') +
    (opts.noindex ? '<meta name="robots" content="noindex">' : '') +
    `<meta property="csp-nonce" nonce="${nonce.style}">` +
    preload +
    preloadData +
    (fontSheet ? `<link rel="stylesheet" href="${fontSheet}" id="zema-theme-font">` : '') +
    `<style nonce="${nonce.style}">${themeCss(theme)}</style>` +
    // After the theme, so that it may override it; the editor's preview replaces its text.
    (opts.customCode?.css
      ? `<style nonce="${nonce.style}" id="zema-custom-css">${opts.customCode.css}</style>`
      : '');
  const customHtml = opts.customCode?.html ? `<div id="zema-custom-html">${opts.customCode.html}</div>` : '';
  // A language's lines (a few hundred kB) come as a script of their own, cached by the browser for
  // as long as they do not change, instead of inside every page: the page carries their version.
  const lines = data.i18n.lines;
  const external = Object.keys(lines).length > 0;
  const inline = external ? { ...data, i18n: { ...data.i18n, lines: {} } } : data;
  const linesTag = external
    ? `<script src="${escapeHtml(linesScriptPath(data.i18n.locale.language, lines))}"></script>`
    : '';
  const fill = external ? 'window.bootstrapData.i18n.lines = window.zemaLines || {};' : '';
  const script = `${customHtml}${linesTag}<script nonce="${nonce.script}">window.bootstrapData = ${serializeForScript(inline)};${fill}</script>`;
  // The build's own inline scripts (the early theme script) get the page's nonce; scripts with a
  // src are allowed by origin. Done on the template only, before any data goes in.
  let html = template.replace(
    /<script(?![^>]*\b(?:src|nonce)=)([^>]*)>/gi,
    (_tag, attrs: string) => `<script nonce="${nonce.script}"${attrs}>`,
  );
  // Function replacers: a `$&` or `$'` inside the data must not be read as a replacement pattern.
  html = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '');
  // The favicon of the appearance, when it is not the build's own, replaces the build's links.
  if (favicon) {
    html = html.replace(/<link rel="icon"[^>]*>\s*/i, '');
    if (favicon.apple) html = html.replace(/<link rel="apple-touch-icon"[^>]*>\s*/i, '');
  }
  // The page's language, for screen readers, translators and search engines.
  const lang = data.i18n.locale.language;
  if (/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang))
    html = html.replace(
      /<html([^>]*?)\slang="[^"]*"/i,
      (_tag, attrs: string) => `<html${attrs} lang="${lang}"`,
    );
  // A dark default theme marks the root as the app does (lib/theme.ts), so the `dark:` variant
  // holds from the first paint; the early theme script still toggles it for a stored choice.
  if (theme?.is_dark)
    html = html.replace(
      /<html(?![^>]*\bclass=)([^>]*)>/i,
      (_tag, attrs: string) => `<html${attrs} class="dark">`,
    );
  html = html.includes(HEAD_MARKER)
    ? html.replace(HEAD_MARKER, () => head)
    : html.replace(/<\/head>/i, () => `${head}</head>`);
  // The painted first view goes inside the app's (empty) root element; the app replaces it.
  if (opts.firstPaint) {
    const painted = opts.firstPaint;
    html = html.replace(/<div id="root"><\/div>/, () => `<div id="root">${painted}</div>`);
    html = startScriptsAfterFirstPaint(html, nonce.script);
  }
  html = html.includes(BOOTSTRAP_MARKER)
    ? html.replace(BOOTSTRAP_MARKER, () => script)
    : html.replace(/<\/body>/i, () => `${script}</body>`);
  return html;
}

/**
 * With a painted first view, the app's code is fetched once that view is on screen, not alongside
 * the stylesheet it needs: on a slow connection the scripts (over 200 kB) would share the bandwidth
 * with the stylesheet and push the first paint back by seconds. The build's module script and its
 * modulepreload links become one small loader that adds them after the first frame (at once in a
 * tab opened in the background, which draws no frames). Decision 0017.
 */
export function startScriptsAfterFirstPaint(html: string, scriptNonce: string): string {
  const preloads: string[] = [];
  const entries: string[] = [];
  let out = html.replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/gi, (tag) => {
    const href = /\bhref="([^"]+)"/i.exec(tag)?.[1];
    if (href) preloads.push(href);
    return '';
  });
  // Every module script the build wrote (one entry as a rule), in order.
  out = out.replace(
    /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/gi,
    (_tag, src: string) => {
      entries.push(src);
      return '';
    },
  );
  if (!entries.length) return html;
  const loader =
    `(()=>{const p=${serializeForScript(preloads)},e=${serializeForScript(entries)};let d=0;` +
    'const go=()=>{if(d)return;d=1;for(const h of p){const l=document.createElement("link");' +
    'l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)}' +
    'for(const u of e){const s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=u;document.head.append(s)}};' +
    'if(document.visibilityState==="hidden")go();else requestAnimationFrame(()=>setTimeout(go))})()';
  return out.replace(/<\/body>/i, () => `<script nonce="${scriptNonce}">${loader}</script></body>`);
}
