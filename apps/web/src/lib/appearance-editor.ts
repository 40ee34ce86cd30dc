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
