import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { TRENDING_SHOWN, TRENDING_SKELETONS, TrendingArtists } from './trending-artists';

beforeEach(() => resetBootstrapStore());

const artist = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  name: `Artist ${id}`,
  verified: false,
  image_small: `/img/artist-${id}.webp`,
  albums: [],
  ...patch,
});

describe('TrendingArtists (SPEC §2 landing)', () => {
  it('shows 30 skeletons while loading, then 8 artists linking to /pastor/{id}/{slug}', async () => {
    const artists = Array.from({ length: 12 }, (_, i) => artist(i + 1));
    artists[0] = artist(1, {
      name: 'Aster Aweke',
      image_small: null,
      albums: [
        { id: 5, name: 'Kabu', image: null, release_date: null, type: 'album' },
        { id: 6, name: 'Hagere', image: '/img/hagere.webp', release_date: null, type: 'album' },
      ],
    });
    let answer: (v: unknown) => void = () => undefined;
    const gate = new Promise((r) => {
      answer = r;
    });
    // The answer waits until the test has seen the loading state.
    const calls = mockApi((c) =>
      c.path === '/api/v1/landing/artists' ? gate.then(() => ok({ artists })) : undefined,
    );
    renderInRouter(<TrendingArtists />, makeBootstrap());
    const loading = screen.getByRole('status', { name: 'Loading trending artists' });
    expect(within(loading).getAllByRole('listitem')).toHaveLength(TRENDING_SKELETONS);
    answer(null);

    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    const section = screen.getByRole('region', { name: 'Trending artists' });
    const cards = within(section).getAllByRole('listitem');
    expect(cards).toHaveLength(TRENDING_SHOWN);
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/landing/artists']);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Aster Aweke' }).getAttribute('href')).toBe(
      '/pastor/1/aster-aweke',
    );
    // No own picture: the first album that has an image stands in (SPEC §3 Artist).
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/img/hagere.webp');
    expect(within(first).getByRole('button', { name: 'Play Aster Aweke' })).toBeTruthy();
  });

  it('leaves the section out when nothing is trending', async () => {
    mockApi((c) => (c.path === '/api/v1/landing/artists' ? ok({ artists: [] }) : undefined));
    const { container } = renderInRouter(<TrendingArtists />, makeBootstrap());
    await waitFor(() => expect(container.querySelector('[role="status"]')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Trending artists' })).toBeNull();
  });
});
