import { screen, waitFor } from '@testing-library/react';
import type { ChannelResponse } from '@zema/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import ChannelPage from './channel-page';

beforeEach(() => resetBootstrapStore());

const channel = (slug: string, name: string, artist: string): ChannelResponse['channel'] => ({
  id: slug.length,
  name,
  slug,
  description: `About ${name}`,
  config: { contentType: 'artist', rule: 'manual', layout: 'grid', limit: 10 },
  content: { type: 'artist', items: [{ id: 1, name: artist, verified: false, image_small: null }] },
});

function serve(channels: Record<string, ChannelResponse['channel']>) {
  return mockApi((call) => {
    const slug = /^\/api\/v1\/channels\/([^/]+)$/.exec(call.path)?.[1];
    if (!slug) return undefined;
    const found = channels[slug];
    return found ? ok({ channel: found }) : fail(404, { message: 'Not found.' });
  });
}

const render = (element: React.ReactNode) => renderRoutes([{ path: '/', element }], '/', makeBootstrap());

describe('the channel page as the home page', () => {
  it('shows the chosen channel; a single list shows its heading, rows name it for screen readers only', async () => {
    const rows: ChannelResponse['channel'] = {
      ...channel('rows', 'All rows', 'x'),
      config: { contentType: 'channel', rule: 'manual', layout: 'grid', limit: 10 },
      content: { type: 'channel', items: [] },
    };
    const calls = serve({ picks: channel('picks', 'Editor picks', 'Aster Aweke'), rows });
    const { unmount } = render(<ChannelPage slug="picks" home />);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Editor picks' });
    expect(await screen.findByText('Aster Aweke')).toBeTruthy();
    expect(heading.className).not.toContain('sr-only');
    expect(screen.getByText('About Editor picks')).toBeTruthy();
    unmount();
    render(<ChannelPage slug="rows" home />);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'All rows' }).className).toContain('sr-only'),
    );
    expect(screen.queryByText('About All rows')).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/channels/picks', '/api/v1/channels/rows']);
  });

  it('falls back to the default home channel when the chosen one is gone', async () => {
    const calls = serve({ discover: channel('discover', 'Discover', 'Mahmoud Ahmed') });
    render(<ChannelPage slug="renamed-since" home />);
    expect(await screen.findByText('Mahmoud Ahmed')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Discover' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/channels/renamed-since', '/api/v1/channels/discover']);
  });

  it('shows the not-found page for a missing channel outside the home page', async () => {
    const calls = serve({ discover: channel('discover', 'Discover', 'Mahmoud Ahmed') });
    render(<ChannelPage slug="renamed-since" />);
    expect(await screen.findByText("Looks like you've found the doorway to the great nothing")).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/api/v1/channels/renamed-since']));
  });
});
