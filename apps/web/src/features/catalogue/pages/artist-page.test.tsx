import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArtistPageResponse } from '@zema/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap } from '#test/bootstrap-factory';
import { type ApiAnswer, fail, mockApi, ok } from '#test/mock-api';
import { track } from '#test/player';
import { renderRoutes } from '#test/render-app';
import ArtistPage from './artist-page';

beforeEach(() => resetBootstrapStore());

const page: ArtistPageResponse = {
  artist: {
    id: 3,
    name: 'Aster Aweke',
    verified: true,
    image_small: null,
    image_large: null,
    bio: null,
    links: [],
    plays: 1200,
    genres: [],
    albums: [],
    followers_count: 4,
  },
  popular_tracks: [track(1, { name: 'Abebayehosh' }), track(2, { name: 'Tizita' })],
  albums: [],
  similar: [],
};

function open(answer: () => ApiAnswer | Promise<ApiAnswer>) {
  const calls = mockApi((call) => (call.path === '/api/v1/artists/3' ? answer() : undefined));
  renderRoutes(
    [{ path: '/pastor/:artistId/:slug', element: <ArtistPage /> }],
    '/pastor/3/aster-aweke',
    makeBootstrap(),
  );
  return calls;
}

describe('artist page states', () => {
  it('shows skeletons while loading, then the artist and the popular tracks', async () => {
    let answer!: (a: ApiAnswer) => void;
    open(() => new Promise<ApiAnswer>((resolve) => (answer = resolve)));
    // Loading: no heading yet, the popular tracks' list shows placeholder rows.
    expect(await screen.findByRole('status', { name: 'Popular tracks' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(ok(page));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aster Aweke' })).toBeTruthy();
    expect(screen.getByText('Tizita')).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Popular tracks' })).toBeTruthy();
    expect(screen.getByText(/4 followers/)).toBeTruthy();
  });

  it('says "1 follower" and "1 play", not "1 followers"', async () => {
    open(() => ok({ ...page, artist: { ...page.artist, followers_count: 1, plays: 1 } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Aster Aweke' })).toBeTruthy();
    expect(screen.getByText(/1 play · 1 follower$/)).toBeTruthy();
  });

  it('shows the not-found page for an artist that does not exist', async () => {
    open(() => fail(404, { message: 'Not found.' }));
    expect(await screen.findByText("Looks like you've found the doorway to the great nothing")).toBeTruthy();
  });

  it('shows an error with Retry when loading fails, and Retry loads the page', async () => {
    let failing = true;
    open(() => (failing ? fail(500, { message: 'Server error' }) : ok(page)));
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('This page could not be loaded.')).toBeTruthy();
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aster Aweke' })).toBeTruthy();
  });
});
