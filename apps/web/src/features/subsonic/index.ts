/** The subsonic feature's face: what app/ uses of it (the account settings' Connected apps panel). */
export { ConnectedAppsPanel } from './components/connected-apps-panel';
