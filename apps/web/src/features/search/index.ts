/** The search feature's face: what other features and app/ use of it. */
export { DeferredNavbarSearch } from './components/deferred-navbar-search';
