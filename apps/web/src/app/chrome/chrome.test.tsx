import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_BRANDING, type Menu } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { personalWorkspacesApi } from '#test/workspaces-api';
import { SiteFooter } from './site-footer';
import { SiteNavbar } from './site-navbar';

const menus: Menu[] = [
  {
    id: 'footer',
    name: 'Footer',
    positions: ['footer'],
    items: [
      { id: 'c', label: 'Contact', type: 'route', action: '/contact' },
      { id: 'di', label: 'Discover', type: 'route', action: '/discover' },
      { id: 'p', label: 'Premium', type: 'route', action: '/pricing', settings: { 'billing.enable': true } },
      { id: 'b', label: 'Blog', type: 'link', action: 'https://blog.example.com' },
    ],
  },
  {
    id: 'nav',
    name: 'Navbar',
    positions: ['landing-page-navbar'],
    items: [{ id: 'd', label: 'Discover', type: 'route', action: '/discover' }],
  },
];

beforeEach(() => {
  resetBootstrapStore();
  // The account menu's workspace switcher asks for the user's workspaces.
  mockApi(personalWorkspacesApi);
});
afterEach(() => vi.useRealTimers());

describe('SiteFooter', () => {
  it('shows © current year and the site name', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
    renderInRouter(<SiteFooter />, makeBootstrap({ settings: { site_name: 'Zema Radio' } }));
    expect(screen.getByText('© 2031 Zema Radio')).toBeTruthy();
  });

  it('renders the visible footer menu items; links open in a new tab', () => {
    renderInRouter(<SiteFooter />, makeBootstrap({ menus }));
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getByRole('link', { name: 'Discover' }).getAttribute('href')).toBe('/discover');
    expect(within(nav).getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe('/contact');
    expect(within(nav).queryByRole('link', { name: 'Premium' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Blog' }).getAttribute('target')).toBe('_blank');
  });

  it('opens a group of items as a dropdown, each with its icon', async () => {
    const grouped: Menu[] = [
      {
        id: 'footer',
        name: 'Footer',
        positions: ['footer'],
        items: [
          {
            id: 'help',
            label: 'Help',
            icon: 'help',
            type: 'route',
            action: null,
            children: [
              { id: 'faq', label: 'Discover more', icon: 'music', type: 'route', action: '/discover' },
              { id: 'blog', label: 'Blog', type: 'link', action: 'https://blog.example.com' },
            ],
          },
        ],
      },
    ];
    renderInRouter(<SiteFooter />, makeBootstrap({ menus: grouped }));
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const trigger = within(nav).getByRole('button', { name: 'Help' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('true');
    // The icon set loads where an item has an icon.
    await waitFor(() => expect(trigger.querySelector('svg.lucide-circle-help')).toBeTruthy());
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu', { name: 'Help' });
    const faq = within(menu).getByRole('menuitem', { name: 'Discover more' });
    expect(faq.getAttribute('href')).toBe('/discover');
    expect(faq.querySelector('svg.lucide-music')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Blog' }).getAttribute('target')).toBe('_blank');
  });

  it('shows the theme toggle only when users may change the theme', () => {
    renderInRouter(
      <SiteFooter />,
      makeBootstrap({ settings: { themes: { user_change: false, default_id: null } } }),
    );
    expect(screen.queryByRole('button', { name: 'Dark mode' })).toBeNull();
  });

  it('shows the language picker only when i18n is on', () => {
    renderInRouter(<SiteFooter />, makeBootstrap());
    expect(screen.queryByRole('button', { name: /Language/ })).toBeNull();
  });
});

describe('SiteNavbar', () => {
  it('shows Login and Register to visitors, and the configured menu', () => {
    renderInRouter(<SiteNavbar />, makeBootstrap({ menus }));
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Discover' })).toBeTruthy();
  });

  it('offers the same menu behind a button on small screens', async () => {
    renderInRouter(<SiteNavbar />, makeBootstrap({ menus }));
    await userEvent.click(screen.getByRole('button', { name: 'Main menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Discover' }).getAttribute('href')).toBe('/discover');
  });

  it('hides Register when registration is disabled', () => {
    renderInRouter(
      <SiteNavbar />,
      makeBootstrap({ settings: { registration: { disable: true, policies: [] } } }),
    );
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('uses the light logo on dark themes and the dark logo on light themes', () => {
    localStorage.setItem('be-active-theme', '2');
    renderInRouter(<SiteNavbar />, makeBootstrap());
    expect(screen.getByRole('img', { name: 'Zema' }).getAttribute('src')).toBe('/images/logo-light.svg');
  });

  it('gives users the account menu with profile, billing, theme toggle and log out', async () => {
    const user = makeUser({
      id: 12,
      display_name: 'Tewodros Kassahun',
      subscriptions: [{ id: 1, valid: true, active: true }],
    });
    renderInRouter(<SiteNavbar />, makeBootstrap({ user, settings: { billing: { enable: true } } }));
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profile page' }).getAttribute('href')).toBe(
      '/user/12/tewodros-kassahun',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Billing' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Dark mode' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });

  it('leads to the account settings from the account menu, right after the profile page', async () => {
    renderInRouter(<SiteNavbar />, makeBootstrap({ user: makeUser() }));
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    const item = within(menu).getByRole('menuitem', { name: 'Account settings' });
    expect(item.getAttribute('href')).toBe('/account-settings');
    const names = within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent);
    expect(names.indexOf('Account settings')).toBe(names.indexOf('Profile page') + 1);
    expect(names.at(-1)).toBe('Log out');
  });

  it('switches workspace from the account menu: Default checked, create and manage', async () => {
    renderInRouter(<SiteNavbar />, makeBootstrap({ user: makeUser() }));
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    const workspaces = within(menu).getByRole('group', { name: 'Workspace' });
    const radios = within(workspaces).getAllByRole('menuitemradio');
    expect(radios.map((r) => [r.textContent, r.getAttribute('aria-checked')])).toEqual([
      ['DefaultPersonal', 'true'],
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Create workspace' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Manage workspace' }).getAttribute('href')).toBe(
      '/backstage/workspace',
    );
  });

  it('hides Billing without a valid subscription', async () => {
    renderInRouter(
      <SiteNavbar />,
      makeBootstrap({ user: makeUser(), settings: { billing: { enable: true } } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Billing' })).toBeNull();
  });
});

describe('the appearance in the chrome', () => {
  const smallLogo = (container: HTMLElement) =>
    container.querySelector('picture source')?.getAttribute('srcset') ?? null;

  it("draws the operator's logo on phones when they set no small one, never Zema's", () => {
    const own = {
      logo_dark: '/storage/appearance/own-dark.png',
      logo_light: '/storage/appearance/own-light.png',
    };
    const { container } = renderInRouter(
      <SiteNavbar />,
      makeBootstrap({ settings: { branding: { ...DEFAULT_BRANDING, ...own } } }),
    );
    expect(screen.getByRole('img', { name: 'Zema' }).getAttribute('src')).toBe(own.logo_dark);
    expect(smallLogo(container)).toBeNull();
  });

  it("draws the operator's small logo on phones when set, and Zema's with Zema's own logo", () => {
    const own = renderInRouter(
      <SiteNavbar />,
      makeBootstrap({
        settings: {
          branding: { ...DEFAULT_BRANDING, logo_dark: '/storage/a.png', logo_dark_mobile: '/storage/b.png' },
        },
      }),
    );
    expect(smallLogo(own.container)).toBe('/storage/b.png');
    own.unmount();
    const { container } = renderInRouter(<SiteNavbar />, makeBootstrap());
    expect(smallLogo(container)).toBe(DEFAULT_BRANDING.logo_dark_mobile);
  });

  it('shows a footer item for signed-in users to an admin without the Users role, and not to guests', () => {
    const help: Menu = {
      id: 'footer',
      name: 'Footer',
      positions: ['footer'],
      items: [{ id: 'h', label: 'Help', type: 'route', action: '/contact', audience: 'signedIn' }],
    };
    const admin = makeUser({ roles: [{ id: 1, name: 'Admin', slug: 'admin' }] });
    const signedIn = renderInRouter(<SiteFooter />, makeBootstrap({ menus: [help], user: admin }));
    expect(screen.getByRole('link', { name: 'Help' })).toBeTruthy();
    signedIn.unmount();
    renderInRouter(<SiteFooter />, makeBootstrap({ menus: [help] }));
    expect(screen.queryByRole('link', { name: 'Help' })).toBeNull();
  });
});
