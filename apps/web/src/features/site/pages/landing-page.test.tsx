import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authFrom, resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { isLandingActionVisible } from '../lib/landing-action';
import { LandingPage } from './landing-page';

beforeEach(() => {
  resetBootstrapStore();
  // The trending artists section asks the API; these tests look at the settings-driven sections.
  mockApi((c) => (c.path === '/api/v1/landing/artists' ? { status: 200, body: { artists: [] } } : undefined));
});
afterEach(() => vi.unstubAllGlobals());

describe('isLandingActionVisible (SPEC §2, §6)', () => {
  const guest = authFrom(makeBootstrap());
  const artist = authFrom(
    makeBootstrap({
      user: makeUser({
        roles: [{ id: 3, name: 'Artists', slug: 'artists' }],
        permissions: [{ id: 1, name: 'music.view', restrictions: [] }],
      }),
    }),
  );

  it('needs a label and an action', () => {
    expect(isLandingActionVisible({ label: 'Go', action: '/discover', type: 'route' }, guest)).toBe(true);
    expect(isLandingActionVisible({ label: '', action: '/discover', type: 'route' }, guest)).toBe(false);
    // A page no route answers gets no button; the radio's does, now that it exists.
    expect(isLandingActionVisible({ label: 'Go', action: '/no-such-page', type: 'route' }, guest)).toBe(
      false,
    );
    expect(isLandingActionVisible({ label: 'Go', action: '/radio/zema', type: 'route' }, guest)).toBe(true);
    expect(isLandingActionVisible({ label: 'Go', action: null, type: 'route' }, guest)).toBe(false);
    expect(isLandingActionVisible({ label: null, action: '/x', type: 'route' }, guest)).toBe(false);
  });

  it('needs every listed role and permission', () => {
    const action = { label: 'Backstage', action: '/backstage', type: 'route' as const, roles: [3] };
    expect(isLandingActionVisible(action, artist)).toBe(true);
    expect(isLandingActionVisible(action, guest)).toBe(false);
    const perm = {
      label: 'API',
      action: '/api-docs',
      type: 'route' as const,
      permissions: ['music.view', 'api.access'],
    };
    expect(isLandingActionVisible(perm, artist)).toBe(false);
    expect(isLandingActionVisible({ ...perm, permissions: ['music.view'] }, artist)).toBe(true);
  });
});

describe('LandingPage', () => {
  it('renders the header, features and footer banner from settings', () => {
    renderInRouter(
      <LandingPage navbar={<nav aria-label="test nav" />} footer={<footer>site footer</footer>} />,
      makeBootstrap({
        settings: {
          landing: {
            headerTitle: 'Hear Addis',
            headerImage: '/images/landing/header.jpg',
            headerImageOpacity: 0.4,
            footerTitle: 'Press play',
            actions: {
              cta1: { label: 'Join now', action: '/register', type: 'route' },
              cta2: { label: '', action: '/discover', type: 'route' },
              cta3: { label: 'Docs', action: 'https://docs.example.com', type: 'link' },
            },
          },
        },
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Hear Addis' })).toBeTruthy();
    const header = screen.getByRole('region', { name: 'Hear Addis' });
    expect(within(header).getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/register');
    // cta2 has no label, so it is not rendered at all.
    expect(within(header).getAllByRole('link')).toHaveLength(1);
    const img = header.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/images/landing/header.jpg');
    expect(img.style.opacity).toBe('0.4');
    // The hero image is the first view's largest element: high priority and never lazy.
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).not.toBe('lazy');
    expect(screen.getByRole('heading', { name: 'Listen without limits' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Live radio, always on' })).toBeTruthy();
    const banner = screen.getByRole('region', { name: 'Press play' });
    expect(within(banner).getByRole('link', { name: 'Docs' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByText('site footer')).toBeTruthy();
  });
});
