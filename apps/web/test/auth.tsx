import { render } from '@testing-library/react';
import type { BootstrapData } from '@zema/contracts';
import { appRoutes } from '#src/app/router';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { ToastRegion } from '#src/ui/toast';
import { type ApiHandler, fail, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';

/** Test helpers for the auth screens: the fake server (mockApi) and the real route table. */

/**
 * What the signed-in home page (`/`, where a login lands) asks on its own: the sidebar's
 * playlists and the home channel (none here). Answered so a test that ends on `/` is complete.
 */
export const homePageApi: ApiHandler = (call) => {
  if (call.method !== 'GET') return undefined;
  if (call.path === '/api/v1/me/playlists') return ok({ playlists: [] });
  if (call.path === '/api/v1/channels/discover') return fail(404, { message: 'Not found' });
  return undefined;
};

/** The app's routes at `path`, with toasts rendered too; the home page's own requests answered. */
export function visit(path: string, data: BootstrapData) {
  resetBootstrapStore();
  mockApi(homePageApi);
  render(<ToastRegion />);
  return renderRoutes(appRoutes, path, data);
}
