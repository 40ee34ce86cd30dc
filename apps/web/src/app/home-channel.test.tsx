import { screen, waitFor } from '@testing-library/react';
import { HOME_CHANNEL_SLUG } from '@zema/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import { appRoutes } from './router';

afterEach(() => vi.restoreAllMocks());

/** The player's own calls at `/`: the sidebar's playlists and the channel it shows. */
function serve() {
  return mockApi((call) => {
    if (call.path === '/api/v1/me/playlists') return ok({ playlists: [] });
    const slug = /^\/api\/v1\/channels\/([^/]+)$/.exec(call.path)?.[1];
    if (!slug) return undefined;
    return ok({
      channel: {
        id: 1,
        name: `Channel ${slug}`,
        slug,
        description: null,
        config: { contentType: 'genre', rule: 'manual', layout: 'grid', limit: 10 },
        content: { type: 'genre', items: [] },
      },
    });
  });
}

const channelCalls = (calls: { path: string }[]) =>
  calls.filter((c) => c.path.startsWith('/api/v1/channels/')).map((c) => c.path);

describe('/ and the homepage setting', () => {
  it('shows the channel chosen as the homepage, to visitors and signed-in users', async () => {
    for (const user of [null, makeUser()]) {
      resetBootstrapStore();
      const calls = serve();
      const { unmount } = renderRoutes(
        appRoutes,
        '/',
        makeBootstrap({ user, settings: { homepage: { type: 'channel', value: 'editor-picks' } } }),
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Channel editor-picks' })).toBeTruthy();
      expect(channelCalls(calls)).toEqual(['/api/v1/channels/editor-picks']);
      unmount();
    }
  });

  it('shows the default home channel when the homepage names no channel', async () => {
    resetBootstrapStore();
    const calls = serve();
    renderRoutes(
      appRoutes,
      '/',
      makeBootstrap({ user: makeUser(), settings: { homepage: { type: 'channel', value: null } } }),
    );
    await waitFor(() => expect(channelCalls(calls)).toEqual([`/api/v1/channels/${HOME_CHANNEL_SLUG}`]));
  });
});
