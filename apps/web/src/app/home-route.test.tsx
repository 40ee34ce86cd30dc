import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { homePageApi } from '#test/auth';
import { examplePlans } from '#test/billing';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import { appRoutes } from './router';

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

describe('the landing page’s pricing section (SPEC §2)', () => {
  const landingApi = (products: boolean) =>
    mockApi((c) => {
      if (c.path === '/api/v1/landing/artists') return ok({ artists: [] });
      if (products && c.path === '/api/v1/billing/products')
        return ok({
          pagination: { data: examplePlans(), current_page: 1, per_page: 3, total: 3, last_page: 1 },
          visitor_country: null,
        });
      return undefined;
    });

  it('shows the plan chooser with the landing pricing title when pricing and billing are on', async () => {
    resetBootstrapStore();
    landingApi(true);
    // The section's code loads once the visitor scrolls near it: here, at once.
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          observed.push(target);
          this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
        }
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    renderRoutes(
      appRoutes,
      '/',
      makeBootstrap({
        settings: {
          billing: { enable: true },
          landing: { showPricing: true, pricingTitle: 'Plans for everyone' },
        },
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Plans for everyone' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Premium' })).toBeTruthy();
    expect(observed).toHaveLength(1);
  });

  it('leaves it out while billing is off', async () => {
    resetBootstrapStore();
    const calls = landingApi(false);
    renderRoutes(
      appRoutes,
      '/',
      makeBootstrap({
        settings: {
          billing: { enable: false },
          landing: { showPricing: true, pricingTitle: 'Plans for everyone' },
        },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Plans for everyone' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/billing/products')).toBe(false);
  });
});
