import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArtistRef } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap } from '#test/bootstrap-factory';
import { mockApi } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { NavbarSearch } from './navbar-search';

beforeEach(() => resetBootstrapStore());
afterEach(() => vi.unstubAllGlobals());

const selam: ArtistRef = { id: 1, name: 'Selam Ensemble', verified: false, image_small: null };
const answer = (query: string, artists: ArtistRef[]) => ({
  query,
  results: {
    artist: { data: artists, total: artists.length, current_page: 1, per_page: 3, next_page: null },
  },
});

describe('navbar search when the server is busy', () => {
  it('keeps the last results on a 503 and asks once (no retries)', async () => {
    const calls = mockApi((call) => {
      if (call.path !== '/api/v1/search') return undefined;
      const query = call.query.get('query') ?? '';
      if (query === 'sel') return { status: 200, body: answer(query, [selam]) };
      return { status: 503, body: { message: 'Search is busy. Please try again in a moment.' } };
    });
    renderInRouter(<NavbarSearch />, makeBootstrap());
    const input = await screen.findByRole('combobox');
    await userEvent.type(input, 'sel');
    expect(await screen.findByRole('option', { name: /Selam Ensemble/ })).toBeTruthy();

    await userEvent.type(input, 'a');
    const searched = (q: string) => calls.filter((c) => c.query.get('query') === q).length;
    await vi.waitFor(() => expect(searched('sela')).toBe(1));
    await vi.waitFor(() => expect(screen.queryByLabelText('Searching')).toBeNull());
    // The answer to "sel" stays; no "No results" for a query the server did not answer.
    expect(screen.getByRole('option', { name: /Selam Ensemble/ })).toBeTruthy();
    expect(screen.queryByText(/No results/)).toBeNull();
    expect(searched('sela')).toBe(1);
  });

  it('says the search is busy, not "no results", when nothing was found before', async () => {
    mockApi((call) =>
      call.path === '/api/v1/search'
        ? { status: 503, body: { message: 'Search is busy. Please try again in a moment.' } }
        : undefined,
    );
    renderInRouter(<NavbarSearch />, makeBootstrap());
    await userEvent.type(await screen.findByRole('combobox'), 'zzz');
    expect(await screen.findByText('Search is busy. Please try again in a moment.')).toBeTruthy();
    expect(screen.queryByText(/No results/)).toBeNull();
  });
});

describe('navbar search: typing and choosing', () => {
  it('asks once for what was typed, after the pause, not once per key', async () => {
    const calls = mockApi((call) =>
      call.path === '/api/v1/search'
        ? { status: 200, body: answer(call.query.get('query') ?? '', [selam]) }
        : undefined,
    );
    renderInRouter(<NavbarSearch />, makeBootstrap());
    const input = await screen.findByRole('combobox');
    // The pause itself is timed on a fake clock in ui/use-debounced-value.test.ts; here a busy
    // machine may stretch the time between two keys past it, so only what is asked is checked:
    // the whole word last, and nothing but what was typed so far before it.
    await userEvent.type(input, 'selam');
    expect(await screen.findByRole('option', { name: /Selam Ensemble/ })).toBeTruthy();
    const searched = calls.filter((c) => c.path === '/api/v1/search').map((c) => c.query.get('query'));
    expect(searched.at(-1)).toBe('selam');
    expect(searched.every((q) => q !== null && 'selam'.startsWith(q))).toBe(true);
  });

  it('opens the search page for the typed text on Enter', async () => {
    mockApi((call) =>
      call.path === '/api/v1/search'
        ? { status: 200, body: answer(call.query.get('query') ?? '', []) }
        : undefined,
    );
    const { router } = renderInRouter(<NavbarSearch />, makeBootstrap());
    const input = await screen.findByRole('combobox');
    await userEvent.type(input, 'tizita blues{Enter}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/search/tizita%20blues'));
  });

  it('opens a result’s page when it is chosen with the keyboard', async () => {
    mockApi((call) =>
      call.path === '/api/v1/search'
        ? { status: 200, body: answer(call.query.get('query') ?? '', [selam]) }
        : undefined,
    );
    const { router } = renderInRouter(<NavbarSearch />, makeBootstrap());
    const input = await screen.findByRole('combobox');
    await userEvent.type(input, 'sel');
    await screen.findByRole('option', { name: /Selam Ensemble/ });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pastor/1/selam-ensemble'));
  });
});
