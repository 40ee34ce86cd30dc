/** The appearance feature's face: what other features and app/ use of it. */
export { CookieNotice } from './cookie-notice';
export { ThemeToggleButton } from './theme-toggle';
