import { type BootstrapData, HOME_CHANNEL_SLUG, PERMISSIONS } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { firstPaintRoute } from './first-paint';

/** The little of the bootstrap data the route choice reads: homepage, registration, who listens. */
function data(opts: {
  homepage: BootstrapData['settings']['homepage'];
  user?: boolean;
  canListen?: boolean;
}): BootstrapData {
  const permissions = opts.canListen === false ? [] : [{ name: PERMISSIONS.musicView, restrictions: [] }];
  return {
    user: opts.user ? { id: 1, permissions, roles: [] } : null,
    guest_role: { permissions },
    settings: { homepage: opts.homepage, registration: { disable: false } },
  } as unknown as BootstrapData;
}

const at = (path: string, d: BootstrapData) => firstPaintRoute(path, new URLSearchParams(), d);

describe('firstPaintRoute at /', () => {
  it('names the chosen homepage channel as the page of /, for visitors and signed-in users', () => {
    const homepage = { type: 'channel' as const, value: 'fresh-picks' };
    expect(at('/', data({ homepage }))).toEqual({ view: 'player', channel: 'fresh-picks', home: true });
    expect(at('/', data({ homepage, user: true }))).toEqual({
      view: 'player',
      channel: 'fresh-picks',
      home: true,
    });
    // /discover stays the default home channel, whatever the homepage.
    expect(at('/discover', data({ homepage }))).toEqual({
      view: 'player',
      channel: HOME_CHANNEL_SLUG,
      home: true,
    });
  });

  it('falls back to the default home channel when no channel is named', () => {
    expect(at('/', data({ homepage: { type: 'channel', value: null } }))).toEqual({
      view: 'player',
      channel: HOME_CHANNEL_SLUG,
      home: true,
    });
    expect(at('/', data({ homepage: { type: 'channel', value: '' } })).channel).toBe(HOME_CHANNEL_SLUG);
  });

  it('shows the home channel to a signed-in user when the homepage is not a channel', () => {
    const homepage = { type: 'landing' as const, value: null };
    expect(at('/', data({ homepage }))).toEqual({ view: 'landing' });
    expect(at('/', data({ homepage, user: true })).channel).toBe(HOME_CHANNEL_SLUG);
    // A custom page's slug is not a channel's.
    const custom = { type: 'customPage' as const, value: 'about-us' };
    expect(at('/', data({ homepage: custom, user: true })).channel).toBe(HOME_CHANNEL_SLUG);
  });

  it('paints nothing when the visitor may not listen', () => {
    const homepage = { type: 'channel' as const, value: 'fresh-picks' };
    expect(at('/', data({ homepage, canListen: false }))).toEqual({ view: null });
  });
});
