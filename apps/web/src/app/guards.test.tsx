// Runs isolated: swaps page loaders in the app's page registry, which React keeps once a page has loaded.
import { render, screen } from '@testing-library/react';
import { ACTIVE_WORKSPACE_COOKIE, type BootstrapData } from '@zema/contracts';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { getCookie, removeCookie, setCookie } from '#src/lib/cookies';
import { ToastRegion } from '#src/ui/toast';
import { homePageApi } from '#test/auth';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import { type PageLoader, type PageName, pages } from './pages';
import { appRoutes } from './router';

function Where({ label }: { label: string }) {
  const location = useLocation();
  return (
    <p>
      {label} at {location.pathname}
      {location.search}
    </p>
  );
}

const registered: [PageName, PageLoader | null][] = [];
/** Swaps a page for one that says its name and where it is. */
function registerPage(name: PageName) {
  registered.push([name, pages[name]]);
  pages[name] = async () => ({ default: () => <Where label={name} /> });
}

function visit(path: string, data: BootstrapData) {
  return renderRoutes(appRoutes, path, data).router;
}

const NOT_FOUND = /doorway to the great nothing/i;
const NO_ACCESS = "You can't open this page";
const admin = makeUser({
  id: 1,
  roles: [{ id: 4, name: 'Admin', slug: 'admin' }],
  permissions: [{ id: 9, name: 'admin', restrictions: [] }],
});

beforeEach(() => {
  resetBootstrapStore();
  for (const name of [
    'login',
    'register',
    'pricing',
    'changePlan',
    'accountSettings',
    'adminDashboard',
    'adminUsers',
    'channel',
    'notifications',
  ] as const) {
    registerPage(name);
  }
  // The player layout's own request (the sidebar's playlists), for tests that end in the player area.
  mockApi(homePageApi);
});
afterEach(() => {
  for (const [name, loader] of registered.splice(0).reverse()) pages[name] = loader;
});

describe('RequireAuth', () => {
  it('sends visitors to /login with a redirect back', async () => {
    const router = visit('/account-settings?tab=sessions', makeBootstrap());
    expect(await screen.findByText(/^login at \/login/)).toBeTruthy();
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/account-settings?tab=sessions')}`,
    );
  });

  it('lets users in', async () => {
    visit('/account-settings', makeBootstrap({ user: makeUser() }));
    expect(await screen.findByText('accountSettings at /account-settings')).toBeTruthy();
  });
});

const personal = { id: 0, name: 'Default', members_count: 1, default: true };
const team = { id: 5, name: 'Addis Records', members_count: 2, default: false };

describe('RequireBackstageAccess', () => {
  afterEach(() => removeCookie(ACTIVE_WORKSPACE_COOKIE));

  it('tells a user without backstage.access in their personal workspace why, and the way in', async () => {
    registerPage('backstageTracks');
    visit('/backstage/tracks', makeBootstrap({ user: makeUser(), settings: { billing: { enable: true } } }));
    expect(await screen.findByRole('heading', { level: 1, name: NO_ACCESS })).toBeTruthy();
    expect(screen.getByText(/artist pages are for artists and their teams/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the backstage' }).getAttribute('href')).toBe('/backstage');
    // Being an artist comes with an approved request, not with a plan.
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull();
  });

  it("lets a team workspace's member in: the server decides by their workspace role", async () => {
    registerPage('backstageTracks');
    setCookie(ACTIVE_WORKSPACE_COOKIE, '5', { days: 7 });
    visit('/backstage/tracks', makeBootstrap({ user: makeUser(), workspaces: [personal, team] }));
    expect(await screen.findByText('backstageTracks at /backstage/tracks')).toBeTruthy();
  });

  it('drops a cookie naming a workspace the session does not belong to, before any page asks', async () => {
    registerPage('backstageTracks');
    setCookie(ACTIVE_WORKSPACE_COOKIE, '9', { days: 7 });
    visit('/backstage/tracks', makeBootstrap({ user: makeUser(), workspaces: [personal, team] }));
    expect(await screen.findByRole('heading', { level: 1, name: NO_ACCESS })).toBeTruthy();
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBe('0');
  });
});

describe('opening a workspace artist while another workspace is active', () => {
  afterEach(() => removeCookie(ACTIVE_WORKSPACE_COOKIE));
  const billing = { billing: { enable: true } };
  /** The team (5) shares `shared`; the caller has no backstage of their own. */
  const teamApi = (shared: number[]) =>
    mockApi((call) => {
      if (call.method !== 'GET') return undefined;
      if (call.path === '/api/v1/workspaces') return ok({ workspaces: [personal, team] });
      if (call.path === '/api/v1/backstage/artists' && call.query.get('workspaceId') === '5')
        return ok({
          artists: shared.map((id) => ({
            id,
            name: 'Selam',
            verified: false,
            image_small: null,
            role: null,
            workspace: { id: 5, name: team.name, role: 'viewer' },
          })),
        });
      return undefined;
    });

  it('switches to the team that holds the artist and opens it, instead of landing on /pricing', async () => {
    registerPage('backstageArtist');
    teamApi([7]);
    render(<ToastRegion />);
    const router = visit(
      '/backstage/artists/7',
      makeBootstrap({ user: makeUser(), workspaces: [personal, team], settings: billing }),
    );
    expect(await screen.findByText('backstageArtist at /backstage/artists/7')).toBeTruthy();
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBe('5');
    expect(await screen.findByText('Switched to Addis Records to open this artist')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backstage/artists/7');
  });

  it('says why not when none of their workspaces holds the artist, and what to do', async () => {
    registerPage('backstageArtist');
    teamApi([8]);
    const router = visit(
      '/backstage/tracks?artist=7',
      makeBootstrap({ user: makeUser(), workspaces: [personal, team], settings: billing }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: "You can't open this artist" })).toBeTruthy();
    expect(screen.getByText(/not shared with any workspace you belong to/)).toBeTruthy();
    expect(screen.getByText(/share it with your team's workspace/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the backstage' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/backstage/tracks');
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE) ?? '0').toBe('0');
  });
});

describe('RequirePermission', () => {
  it('sends a visitor without the permission to /login', async () => {
    visit('/admin/users', makeBootstrap());
    expect(await screen.findByText(/^login at \/login\?redirect=%2Fadmin%2Fusers/)).toBeTruthy();
  });

  it('tells a user without admin access why and leads home, never to the plans', async () => {
    const router = visit(
      '/admin',
      makeBootstrap({ user: makeUser(), settings: { billing: { enable: true } } }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: NO_ACCESS })).toBeTruthy();
    expect(screen.getByText(/admin area is for the people who run this site/)).toBeTruthy();
    expect(screen.getByText(/ask an administrator for a role with admin access/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('offers the plans when one would give the permission and billing is on', async () => {
    visit('/api-docs', makeBootstrap({ user: makeUser(), settings: { billing: { enable: true } } }));
    expect(await screen.findByRole('heading', { level: 1, name: NO_ACCESS })).toBeTruthy();
    expect(screen.getByText('A plan that includes the API gives it.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
  });

  it('with billing off, says whom to ask instead of offering plans', async () => {
    visit('/api-docs', makeBootstrap({ user: makeUser(), settings: { billing: { enable: false } } }));
    expect(await screen.findByText('Ask an administrator for API access.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull();
  });

  it('shows the admin area’s 404 for a section the role lacks, not the plans', async () => {
    const editor = makeUser({ permissions: [{ id: 2, name: 'admin.access', restrictions: [] }] });
    const router = visit(
      '/admin/users',
      makeBootstrap({ user: editor, settings: { billing: { enable: true } } }),
    );
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('lets a user with the permission (or the admin permission) in', async () => {
    visit('/admin/users', makeBootstrap({ user: admin }));
    expect(await screen.findByText('adminUsers at /admin/users')).toBeTruthy();
  });

  it('guards the player area with music.view, login optional', async () => {
    visit('/discover', makeBootstrap());
    expect(await screen.findByText('channel at /discover')).toBeTruthy();
  });

  it('sends a visitor whose guest role lacks music.view to /login', async () => {
    visit(
      '/discover',
      makeBootstrap({ guest_role: { id: 1, name: 'Guest', slug: 'guest', permissions: [] } }),
    );
    expect(await screen.findByText(/^login at \/login\?redirect=%2Fdiscover/)).toBeTruthy();
  });
});

describe('GuestOnly', () => {
  it('sends a logged-in user on /login to the redirect target', async () => {
    visit(
      '/login?redirect=%2Fnotifications',
      makeBootstrap({ user: makeUser(), settings: { notifications: { integrated: true } } }),
    );
    expect(await screen.findByText('notifications at /notifications')).toBeTruthy();
  });

  it('sends a logged-in user to / without a target', async () => {
    visit('/register', makeBootstrap({ user: makeUser() }));
    expect(await screen.findByText('channel at /')).toBeTruthy();
  });

  it('sends an admin to /admin', async () => {
    visit('/login', makeBootstrap({ user: admin }));
    expect(await screen.findByText('adminDashboard at /admin')).toBeTruthy();
  });

  it('ignores redirect targets on other sites', async () => {
    visit('/login?redirect=%2F%2Fevil.example.com', makeBootstrap({ user: makeUser() }));
    expect(await screen.findByText('channel at /')).toBeTruthy();
  });

  it('shows the login page to visitors', async () => {
    visit('/login', makeBootstrap());
    expect(await screen.findByText('login at /login')).toBeTruthy();
  });
});

describe('feature switches', () => {
  it('/register goes to /login when registration is disabled', async () => {
    visit(
      '/register?email=a%40b.c',
      makeBootstrap({ settings: { registration: { disable: true, policies: [] } } }),
    );
    expect(await screen.findByText('login at /login?email=a%40b.c')).toBeTruthy();
  });

  it('billing routes are 404 unless billing is on', async () => {
    visit('/pricing', makeBootstrap());
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
  });

  it('billing routes render when billing is on', async () => {
    visit('/pricing', makeBootstrap({ settings: { billing: { enable: true } } }));
    expect(await screen.findByText('pricing at /pricing')).toBeTruthy();
  });

  it('the change-plan confirmation sits in the site frame, with the header, like pricing', async () => {
    const subscriber = makeUser({
      subscriptions: [{ id: 3, product_id: 2, price_id: 3, valid: true, active: true }],
    });
    visit(
      '/change-plan/2/4/confirm',
      makeBootstrap({ user: subscriber, settings: { billing: { enable: true } } }),
    );
    expect(await screen.findByText('changePlan at /change-plan/2/4/confirm')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
  });

  it('notifications are 404 unless integrated', async () => {
    visit('/notifications', makeBootstrap({ user: makeUser() }));
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
  });

  it('/notifications/settings goes to / unless subscriptions are integrated', async () => {
    visit(
      '/notifications/settings',
      makeBootstrap({ user: makeUser(), settings: { notifications: { integrated: true } } }),
    );
    expect(await screen.findByText('channel at /')).toBeTruthy();
  });
});

describe('pages not delivered yet', () => {
  // The landing page asks for trending artists; none here.
  const noTrendingArtists = () =>
    mockApi((c) => (c.path === '/api/v1/landing/artists' ? ok({ artists: [] }) : undefined));

  it('show the real 404 page, not a placeholder', async () => {
    visit('/radio/main/nothing', makeBootstrap());
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
  });

  it('the radio (issue 33) is in the player area, its bar playing on', async () => {
    registerPage('radioIndex');
    registerPage('radio');
    visit('/radio/zema', makeBootstrap());
    expect(await screen.findByText('radio at /radio/zema')).toBeTruthy();
    expect(screen.getAllByRole('navigation', { name: 'Player navigation' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Radio' })[0]?.getAttribute('href')).toBe('/radio');
  });

  it('/ shows the landing page to visitors', async () => {
    noTrendingArtists();
    visit('/', makeBootstrap());
    expect(await screen.findByRole('heading', { level: 1, name: 'Music that moves with you' })).toBeTruthy();
  });

  it('/ gives a logged-in user the player area', async () => {
    visit('/', makeBootstrap({ user: makeUser() }));
    expect(await screen.findByText('channel at /')).toBeTruthy();
  });
});

describe('EmailVerificationGate', () => {
  it('shows only the verification screen to an unverified user when confirmation is required', async () => {
    registerPage('emailVerification');
    const user = makeUser({ email_verified_at: null });
    visit('/account-settings', makeBootstrap({ user, settings: { require_email_confirmation: true } }));
    expect(await screen.findByText('emailVerification at /account-settings')).toBeTruthy();
    expect(screen.queryByText(/^accountSettings/)).toBeNull();
  });

  it('lets verified users, and everyone when confirmation is off, through', async () => {
    registerPage('emailVerification');
    visit('/account-settings', makeBootstrap({ user: makeUser({ email_verified_at: null }) }));
    expect(await screen.findByText('accountSettings at /account-settings')).toBeTruthy();
  });
});
