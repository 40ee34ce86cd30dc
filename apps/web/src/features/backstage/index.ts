/**
 * The backstage feature's face: what other features and app/ use of it. Nothing so far: app/ loads its
 * pages lazily (app/pages.tsx), naming each page's module so that it stays a chunk of its own.
 */
export {};
