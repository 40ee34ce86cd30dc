import type { MenuItem } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeSettings, makeUser } from '#test/bootstrap-factory';
import { authFrom } from './bootstrap-store';
import {
  isAddressWithoutPage,
  isMenuItemVisible,
  menuItemLinkProps,
  visibleMenuItems,
} from './menu-visibility';

const item = (patch: Partial<MenuItem> = {}): MenuItem => ({
  id: 'x',
  label: 'X',
  type: 'route',
  action: '/discover',
  ...patch,
});

const settings = makeSettings({ billing: { enable: true }, api: { integrated: false } });
const guest = authFrom(makeBootstrap());
const user = authFrom(
  makeBootstrap({
    user: makeUser({
      roles: [
        { id: 2, name: 'Users', slug: 'users' },
        { id: 3, name: 'Artists', slug: 'artists' },
      ],
      permissions: [
        { id: 1, name: 'music.view', restrictions: [] },
        { id: 2, name: 'api.access', restrictions: [] },
      ],
    }),
  }),
);
const subscriber = authFrom(
  makeBootstrap({ user: makeUser({ subscriptions: [{ id: 1, valid: true, active: true }] }) }),
);
const lapsed = authFrom(
  makeBootstrap({ user: makeUser({ subscriptions: [{ id: 1, valid: false, active: false }] }) }),
);

describe('isMenuItemVisible (SPEC §6)', () => {
  it('needs an action', () => {
    expect(isMenuItemVisible(item(), guest, settings)).toBe(true);
    expect(isMenuItemVisible(item({ action: null }), guest, settings)).toBe(false);
    expect(isMenuItemVisible(item({ action: '' }), guest, settings)).toBe(false);
  });

  it('hides an in-app link no page answers yet, never an outside one', () => {
    for (const action of ['/no-such-page', '/radio/zema/more'])
      expect(isMenuItemVisible(item({ action }), guest, settings), action).toBe(false);
    for (const action of [
      '/radio/zema',
      '/radio',
      '/pricing',
      'library/songs',
      '/pages/terms',
      '/contact',
      'contact',
      'https://example.com/contact',
    ])
      expect(isMenuItemVisible(item({ action }), guest, settings), action).toBe(true);
  });

  it('needs every listed role, by id', () => {
    expect(isMenuItemVisible(item({ roles: [2, 3] }), user, settings)).toBe(true);
    expect(isMenuItemVisible(item({ roles: [2, 4] }), user, settings)).toBe(false);
    expect(isMenuItemVisible(item({ roles: [2] }), guest, settings)).toBe(false);
  });

  it('needs every listed permission (guests use the guest role)', () => {
    expect(isMenuItemVisible(item({ permissions: ['music.view', 'api.access'] }), user, settings)).toBe(true);
    expect(isMenuItemVisible(item({ permissions: ['music.view', 'admin.access'] }), user, settings)).toBe(
      false,
    );
    expect(isMenuItemVisible(item({ permissions: ['music.view'] }), guest, settings)).toBe(true);
    expect(isMenuItemVisible(item({ permissions: ['api.access'] }), guest, settings)).toBe(false);
  });

  it('needs listed settings (dotted keys) to equal their values', () => {
    expect(isMenuItemVisible(item({ settings: { 'billing.enable': true } }), guest, settings)).toBe(true);
    expect(isMenuItemVisible(item({ settings: { 'api.integrated': true } }), guest, settings)).toBe(false);
    expect(
      isMenuItemVisible(
        item({ settings: { 'billing.enable': true, 'api.integrated': true } }),
        guest,
        settings,
      ),
    ).toBe(false);
    expect(isMenuItemVisible(item({ settings: { site_name: 'Zema' } }), guest, settings)).toBe(true);
    expect(isMenuItemVisible(item({ settings: { 'no.such.key': true } }), guest, settings)).toBe(false);
  });

  it('keeps an item for signed-in users to them, whatever their roles, and one for guests to guests', () => {
    // An admin whose only role is Admin: a Users-role condition hides the item, the audience does not.
    const admin = authFrom(
      makeBootstrap({ user: makeUser({ roles: [{ id: 1, name: 'Admin', slug: 'admin' }] }) }),
    );
    const forUsers = item({ audience: 'signedIn' });
    expect([admin, user, subscriber].map((a) => isMenuItemVisible(forUsers, a, settings))).toEqual([
      true,
      true,
      true,
    ]);
    expect(isMenuItemVisible(forUsers, guest, settings)).toBe(false);
    const forGuests = item({ audience: 'guests' });
    expect(isMenuItemVisible(forGuests, guest, settings)).toBe(true);
    expect(isMenuItemVisible(forGuests, admin, settings)).toBe(false);
    for (const audience of ['everyone', null, undefined] as const)
      expect([guest, admin].map((a) => isMenuItemVisible(item({ audience }), a, settings))).toEqual([
        true,
        true,
      ]);
    // A group's audience holds for all it contains.
    const group = item({ audience: 'signedIn', action: null, children: [item({ id: 'c' })] });
    expect(visibleMenuItems([group], guest, settings)).toEqual([]);
    expect(visibleMenuItems([group], admin, settings)).toHaveLength(1);
  });

  it('matches the subscription status', () => {
    expect(isMenuItemVisible(item({ subscriptionStatus: 'subscribed' }), subscriber, settings)).toBe(true);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'subscribed' }), lapsed, settings)).toBe(false);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'subscribed' }), guest, settings)).toBe(false);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'unsubscribed' }), subscriber, settings)).toBe(false);
    expect(isMenuItemVisible(item({ subscriptionStatus: 'unsubscribed' }), lapsed, settings)).toBe(true);
  });
});

describe('isAddressWithoutPage: what the editor warns about', () => {
  it('is an address of this site no page answers, never an outside one or none', () => {
    for (const action of ['/help', 'help', ' /no-such-page '])
      expect(isAddressWithoutPage(action), action).toBe(true);
    for (const action of [
      '/discover',
      '/radio/zema',
      'contact',
      '/pages/about',
      'https://example.com/help',
      'mailto:a@b.c',
      '',
      null,
    ])
      expect(isAddressWithoutPage(action), String(action)).toBe(false);
  });
});

describe('menuItemLinkProps', () => {
  it('opens links in a new tab and navigates routes in place', () => {
    expect(menuItemLinkProps(item({ type: 'link', action: 'https://example.com' }))).toEqual({
      href: 'https://example.com',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(menuItemLinkProps(item({ type: 'route', action: 'contact' }))).toEqual({
      href: '/contact',
      target: undefined,
    });
  });
});

describe('an address that could run code', () => {
  it('is never shown, whatever its case or spaces', () => {
    for (const action of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,x', 'vbscript:x']) {
      expect(isMenuItemVisible(item({ type: 'link', action }), user, settings), action).toBe(false);
    }
    expect(isMenuItemVisible(item({ type: 'link', action: 'mailto:help@zema.test' }), user, settings)).toBe(
      true,
    );
  });
});

describe('visibleMenuItems: groups one level deep', () => {
  const group = (patch: Partial<MenuItem> = {}): MenuItem =>
    item({
      id: 'help',
      label: 'Help',
      action: null,
      children: [
        item({ id: 'faq', label: 'Questions', action: '/discover' }),
        item({ id: 'api', label: 'API', action: '/api-docs', permissions: ['api.access'] }),
      ],
      ...patch,
    });

  it('keeps the children each user may see', () => {
    expect(visibleMenuItems([group()], user, settings)[0]?.children?.map((c) => c.id)).toEqual([
      'faq',
      'api',
    ]);
    expect(visibleMenuItems([group()], guest, settings)[0]?.children?.map((c) => c.id)).toEqual(['faq']);
  });

  it('shows a group without an address while a child shows, and hides it when none does', () => {
    const onlyApi = group({
      children: [item({ id: 'api', action: '/api-docs', permissions: ['api.access'] })],
    });
    expect(visibleMenuItems([onlyApi], user, settings)).toHaveLength(1);
    expect(visibleMenuItems([onlyApi], guest, settings)).toEqual([]);
    // With an address of its own it stays, as a plain link.
    const linked = visibleMenuItems([{ ...onlyApi, action: '/discover' }], guest, settings);
    expect(linked.map((i) => [i.id, i.children])).toEqual([['help', undefined]]);
  });

  it("applies the group's own conditions to all it holds", () => {
    expect(visibleMenuItems([group({ roles: [3] })], user, settings)).toHaveLength(1);
    expect(visibleMenuItems([group({ roles: [99] })], user, settings)).toEqual([]);
    expect(visibleMenuItems([group({ subscriptionStatus: 'subscribed' })], user, settings)).toEqual([]);
  });
});
