import {
  DEFAULT_DARK_THEME_VALUES,
  DEFAULT_LIGHT_THEME_VALUES,
  type MenuItem,
  msg,
  PERMISSIONS,
} from '@zema/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client';
import { menus, themes } from './appearance.tables';

const route = (id: string, label: string, action: string): MenuItem => ({
  id,
  label,
  type: 'route',
  action,
  target: null,
});

const MENU_ROWS: { id: string; name: string; positions: string[]; items: MenuItem[] }[] = [
  {
    id: 'landing-navbar',
    name: 'Landing page navbar',
    positions: ['landing-page-navbar'],
    items: [
      route('landing-navbar-discover', msg('Discover'), '/discover'),
      route('landing-navbar-radio', msg('Radio'), '/radio/zema'),
      route('landing-navbar-contact', msg('Contact'), '/contact'),
    ],
  },
  {
    id: 'auth-footer',
    name: 'Auth page footer',
    positions: ['auth-page-footer'],
    items: [
      route('auth-footer-privacy', msg('Privacy'), '/pages/privacy-policy'),
      route('auth-footer-terms', msg('Terms'), '/pages/terms-of-service'),
      route('auth-footer-contact', msg('Contact'), '/contact'),
    ],
  },
  {
    id: 'footer',
    name: 'Footer',
    positions: ['footer'],
    items: [
      route('footer-contact', msg('Contact'), '/contact'),
      route('footer-privacy', msg('Privacy'), '/pages/privacy-policy'),
      route('footer-terms', msg('Terms'), '/pages/terms-of-service'),
    ],
  },
  {
    id: 'footer-secondary',
    name: 'Footer secondary',
    positions: ['footer-secondary'],
    items: [
      {
        ...route('footer-secondary-api', msg('API'), '/api-docs'),
        permissions: [PERMISSIONS.apiAccess],
        settings: { 'api.integrated': true },
      },
    ],
  },
  { id: 'account-menu', name: 'Account menu', positions: ['account-menu'], items: [] },
];

/** The Light and Dark themes of a fresh install, and the menus an admin has not removed. */
export async function seedAppearance(tx: Tx) {
  const themeCount = await tx.select({ n: sql<number>`count(*)::int` }).from(themes);
  if (themeCount[0]!.n === 0) {
    await tx.insert(themes).values([
      { name: 'Light', values: { ...DEFAULT_LIGHT_THEME_VALUES }, isDark: false, defaultLight: true },
      { name: 'Dark', values: { ...DEFAULT_DARK_THEME_VALUES }, isDark: true, defaultDark: true },
    ]);
  }

  await tx
    .insert(menus)
    .values(MENU_ROWS.map((m, sort) => ({ ...m, sort })))
    .onConflictDoNothing({ target: menus.id });
}
