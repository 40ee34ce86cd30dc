import { lazy } from 'react';

/**
 * The "New playlist" dialog as a lazy component, for a caller outside the library (a track row's
 * menu): the dialog brings the form kit (react-hook-form), loaded only when the dialog is first
 * shown, so every page with a track list stays inside the JavaScript budget (docs/benchmarks.md).
 * The caller renders it inside a Suspense.
 */
export const LazyCreatePlaylistDialog = lazy(() =>
  import('./create-playlist-dialog').then((m) => ({
    default: m.CreatePlaylistDialog,
  })),
);
