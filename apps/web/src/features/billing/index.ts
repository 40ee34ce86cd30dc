/**
 * The billing feature's face: what other features and app/ use of it. Nothing so far: app/ loads its
 * pages (app/pages.tsx) and the landing page's pricing (app/router.tsx) lazily, naming each module
 * so that it stays a chunk of its own.
 */
export {};
