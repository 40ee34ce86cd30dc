import type { BootstrapData, Menu } from '@zema/contracts';
import type { AppearanceValues } from '@zema/contracts/appearance/appearance-admin';

/**
 * The appearance editor (admin area) shows the site in an iframe with `?appearanceEditor=true`.
 * The flag is remembered for the frame's session, since client navigation drops the query.
 */
const SESSION_KEY = 'zema-appearance-editor';

export function isAppearanceEditorActive(): boolean {
  if (typeof window === 'undefined' || window.self === window.top) return false;
  try {
    if (new URLSearchParams(window.location.search).has('appearanceEditor')) {
      sessionStorage.setItem(SESSION_KEY, '1');
      return true;
    }
    return sessionStorage.getItem(SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

/** The `source` of the editor's messages to the framed site (SPEC §4, PROTOCOLS). */
export const EDITOR_SOURCE = 'be-appearance-editor';
/** The `source` of the framed site's messages back to the editor (a landing section clicked). */
export const PREVIEW_SOURCE = 'be-appearance-preview';

/** SPEC §4: what the editor tells the framed site. */
export type EditorMessage =
  | { type: 'navigate'; to: string }
  | { type: 'setValues'; values: Partial<AppearanceValues> }
  | { type: 'setThemeFont'; value: string | null }
  | { type: 'setThemeValue'; name: string; value: string }
  | { type: 'setActiveTheme'; themeId: number }
  | { type: 'setCustomCode'; mode: 'css' | 'html'; value: string };

/**
 * What the framed site tells the editor: it is listening now (after each full load, so the
 * editor sends its whole state then), or a landing section was clicked (open its fields).
 */
export type PreviewMessage = { type: 'ready' } | { type: 'openSection'; section: string };

/**
 * A message from the editor, or null: only from this very host (`origin`), with the editor's
 * source, and from the window that frames this one. Everything else is ignored (SPEC §4).
 */
export function editorMessageOf(
  event: Pick<MessageEvent, 'origin' | 'data' | 'source'>,
  self: Pick<Window, 'location' | 'parent'> = window,
): EditorMessage | null {
  if (event.origin !== self.location.origin) return null;
  if (event.source !== self.parent) return null;
  const data = event.data as { source?: unknown; type?: unknown } | null;
  if (!data || typeof data !== 'object' || data.source !== EDITOR_SOURCE) return null;
  return typeof data.type === 'string' ? (data as EditorMessage) : null;
}

/** A message from the framed preview, or null (same origin, the preview's source, that frame). */
export function previewMessageOf(
  event: Pick<MessageEvent, 'origin' | 'data' | 'source'>,
  frame: Window | null,
  origin: string = window.location.origin,
): PreviewMessage | null {
  if (!frame || event.source !== frame || event.origin !== origin) return null;
  const data = event.data as { source?: unknown; type?: unknown; section?: unknown } | null;
  if (!data || typeof data !== 'object' || data.source !== PREVIEW_SOURCE) return null;
  if (data.type === 'ready') return { type: 'ready' };
  return data.type === 'openSection' && typeof data.section === 'string'
    ? { type: 'openSection', section: data.section }
    : null;
}

/** Bootstrap data as the editor's (unpublished) values would make it. */
export function withAppearance(data: BootstrapData, values: Partial<AppearanceValues>): BootstrapData {
  const settings = { ...data.settings };
  if (values.site_name !== undefined) settings.site_name = values.site_name;
  if (values.branding) settings.branding = values.branding;
  if (values.landing) settings.landing = values.landing;
  if (values.cookie_notice) settings.cookie_notice = values.cookie_notice;
  let themes = data.themes;
  if (values.themes) {
    const { all, ...choice } = values.themes;
    settings.themes = choice;
    themes = {
      all,
      selectedThemeId: all.find((t) => t.id === choice.default_id)?.id ?? all[0]?.id ?? null,
    };
  }
  const menus: Menu[] = values.menus ?? data.menus;
  return { ...data, settings, themes, menus };
}

/** A style variable set on <html> by the editor: a name and a value that stay inside one rule. */
export const isStyleVariable = (name: string, value: string) =>
  /^--[a-zA-Z0-9-]{1,60}$/.test(name) && !/[<>{};\\]/.test(value);

// The theme the editor previews, over the visitor's choice and the default (null: none chosen).
let previewThemeId: number | null = null;
const previewListeners = new Set<() => void>();

export function getPreviewThemeId(): number | null {
  return previewThemeId;
}

export function setPreviewThemeId(id: number | null) {
  previewThemeId = id;
  for (const listener of previewListeners) listener();
}

export function subscribePreviewTheme(listener: () => void) {
  previewListeners.add(listener);
  return () => {
    previewListeners.delete(listener);
  };
}

/** The style nonce the server put in the page (`<meta property="csp-nonce">`). */
function styleNonce(): string {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
}

/** Shows the editor's custom CSS or HTML in place of the published one (the frame only). */
export function previewCustomCode(mode: 'css' | 'html', value: string) {
  if (mode === 'css') {
    let style = document.getElementById('zema-custom-css') as HTMLStyleElement | null;
    if (!style) {
      style = document.createElement('style');
      style.id = 'zema-custom-css';
      style.nonce = styleNonce();
      document.head.append(style);
    }
    // As the server serves it: no `<` can close the element.
    style.textContent = value.replace(/</g, '\\3c ');
    return;
  }
  let box = document.getElementById('zema-custom-html');
  if (!box) {
    box = document.createElement('div');
    box.id = 'zema-custom-html';
    document.body.append(box);
  }
  // The editor sends the HTML the server sanitised when it kept the draft.
  box.innerHTML = value;
}
