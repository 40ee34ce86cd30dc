// Runs isolated: swaps page loaders in the app's page registry, which React keeps once a page has loaded.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PageLoader, type PageName, pages } from '#src/app/pages';
import { appRoutes } from '#src/app/router';
import { getBootstrapData, resetBootstrapStore } from '#src/lib/bootstrap-store';
import { homePageApi } from '#test/auth';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import { useLogInAs } from './log-in-as';

function Where({ label }: { label: string }) {
  const location = useLocation();
  return (
    <p>
      {label} at {location.pathname}
    </p>
  );
}

/** The admin's page of user 5, reduced to its "Log in as" button (the real call and navigation). */
function UserPageButton() {
  const logInAs = useLogInAs(5);
  return (
    <button type="button" onClick={() => logInAs.mutate()}>
      Log in as
    </button>
  );
}

const swapped: [PageName, PageLoader | null][] = [];
function swap(name: PageName, Component: () => React.ReactNode) {
  swapped.push([name, pages[name]]);
  pages[name] = async () => ({ default: Component });
}

beforeEach(() => {
  resetBootstrapStore();
  swap('adminUser', UserPageButton);
  swap('channel', () => <Where label="home" />);
  swap('pricing', () => <Where label="pricing" />);
  mockApi(homePageApi);
});
afterEach(() => {
  for (const [name, loader] of swapped.splice(0).reverse()) pages[name] = loader;
});

describe('"Log in as"', () => {
  it("lands on the user's home, not on /pricing, though they cannot open the admin page it started on", async () => {
    const billing = { billing: { enable: true } };
    const admin = makeUser({ id: 1, permissions: [{ id: 9, name: 'admin', restrictions: [] }] });
    const listener = makeUser({ id: 5, impersonator: { id: 1, display_name: 'Admin' } });
    mockApi((call) =>
      call.method === 'POST' && call.path === '/api/v1/admin/users/5/impersonate'
        ? ok({ bootstrapData: makeBootstrap({ user: listener, settings: billing }) })
        : undefined,
    );
    const { router } = renderRoutes(
      appRoutes,
      '/admin/users/5',
      makeBootstrap({ user: admin, settings: billing }),
    );
    // Who is signed in whenever the router moves: the admin page must be left before the session
    // becomes the user's, or its guard meets a user without admin access and redirects them.
    const moves: string[] = [];
    router.subscribe((state) => {
      if (state.navigation.state === 'idle')
        moves.push(`${state.location.pathname} as ${getBootstrapData()?.user?.id ?? 'nobody'}`);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in as' }));
    expect(await screen.findByText('home at /')).toBeTruthy();
    await waitFor(() => expect(getBootstrapData()?.user?.id).toBe(5));
    expect(router.state.location.pathname).toBe('/');
    // Home reached while still the admin; the session changed after.
    expect(moves.filter((m) => m.startsWith('/ '))).toEqual(['/ as 1']);
    expect(screen.queryByText(/pricing at/)).toBeNull();
  });
});
