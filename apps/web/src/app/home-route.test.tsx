import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homePageApi } from '#src/features/auth/testing';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { appRoutes } from './router';
import { makeBootstrap, makeUser } from './testing/bootstrap-factory';
import { mockApi } from './testing/mock-api';
import { renderRoutes } from './testing/render-app';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// First in its own file: React Router warns about a route once per process.
describe('the player area at / (a signed-in user)', () => {
  it('renders without React or router warnings, and keeps its shell when going deeper', async () => {
    mockApi(homePageApi);
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    resetBootstrapStore();
    const { router } = renderRoutes(appRoutes, '/', makeBootstrap({ user: makeUser() }));
    // The navbar's <search> landmark: the player area is up.
    // The lazy page chunk loads first (waitFor waits for it: test/setup.ts).
    const search = await waitFor(() => {
      const found = document.querySelector('search');
      expect(found).not.toBeNull();
      return found;
    });
    await router.navigate('/library');
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
    // One layout route: the shell is the same element, not a new one per page.
    expect(search).toBeInstanceOf(HTMLElement);
    expect(document.querySelector('search')).toBe(search);

    const printed = [...warn.mock.calls, ...error.mock.calls].map((args) => args.map(String).join(' '));
    expect(printed.filter((m) => /descendant <Routes>|is unrecognized in this browser/.test(m))).toEqual([]);
  });
});
