import { type BootstrapData, DEFAULT_BRANDING, HOME_CHANNEL_SLUG, PERMISSIONS } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANDING } from '#src/modules/settings/index';
import { firstPaintRoute, renderFirstPaint } from './first-paint';

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

describe("the painted logo's small variant", () => {
  /** An auth page's frame (it paints the logo) with these logos. */
  const paint = (branding: Partial<BootstrapData['settings']['branding']>) =>
    renderFirstPaint(
      { kind: 'auth', heading: null },
      {
        user: null,
        guest_role: { permissions: [] },
        i18n: { lines: {}, locale: { language: 'en' } },
        settings: {
          site_name: 'Zema',
          branding: { ...DEFAULT_BRANDING, ...branding },
          cookie_notice: { enable: false, position: 'bottom', text: null, button: null },
        },
      } as unknown as BootstrapData,
      { cookieNoticeAccepted: true },
    );

  it("is the operator's logo when they set one without a small variant, never Zema's", () => {
    const html = paint({
      logo_dark: '/storage/appearance/own-dark.png',
      logo_light: '/storage/appearance/own-light.png',
    });
    expect(html).toContain('src="/storage/appearance/own-dark.png"');
    expect(html).not.toContain(DEFAULT_BRANDING.logo_dark_mobile);
    expect(html).not.toContain(DEFAULT_BRANDING.logo_light_mobile);
    expect(html).not.toContain('<source');
  });

  it("is the operator's small logo when set, and Zema's with Zema's own logo", () => {
    const own = paint({ logo_dark: '/storage/a.png', logo_dark_mobile: '/storage/a-small.png' });
    expect(own).toContain('srcset="/storage/a-small.png"');
    expect(paint({})).toContain(`srcset="${DEFAULT_BRANDING.logo_dark_mobile}"`);
  });
});

describe('the painted seeded texts', () => {
  const lines = {
    'Music that moves with you': 'ከእርስዎ ጋር የሚጓዝ ሙዚቃ',
    'Get started': 'ጀምር',
    'Popular this week': 'የዚህ ሳምንት ተወዳጆች',
    'New and popular music on Zema.': 'በZema ላይ ያሉ አዳዲስና ተወዳጅ ሙዚቃዎች።',
    Ambient: 'አምቢየንት',
  };
  const bootstrap = (landing = DEFAULT_LANDING) =>
    ({
      user: null,
      guest_role: { permissions: [{ name: PERMISSIONS.musicView, restrictions: [] }] },
      i18n: { lines, locale: { language: 'am' } },
      settings: {
        site_name: 'Zema',
        branding: { ...DEFAULT_BRANDING },
        cookie_notice: { enable: false, position: 'bottom', text: null, button: null },
        landing,
      },
    }) as unknown as BootstrapData;

  it("paints the landing page's seeded words in the reader's language, an operator's own as written", () => {
    const seeded = renderFirstPaint({ kind: 'landing' }, bootstrap(), { cookieNoticeAccepted: true });
    expect(seeded).toContain('>ከእርስዎ ጋር የሚጓዝ ሙዚቃ</h1>');
    expect(seeded).toContain('>ጀምር</a>');
    const own = renderFirstPaint(
      { kind: 'landing' },
      bootstrap({ ...DEFAULT_LANDING, headerTitle: 'Our {own} music' }),
      { cookieNoticeAccepted: true },
    );
    expect(own).toContain('>Our {own} music</h1>');
  });

  it("paints the demo's rows and genres in the reader's language", () => {
    const row = (id: number, name: string, content: unknown) => ({
      id,
      name,
      slug: `row-${id}`,
      description: null,
      config: { contentType: 'genre', rule: 'alphabetical', layout: 'grid', limit: 20 },
      content,
    });
    const html = renderFirstPaint(
      {
        kind: 'player',
        channel: {
          isHome: false,
          channel: {
            ...row(1, 'Discover', {
              type: 'channel',
              items: [
                row(2, 'Popular this week', {
                  type: 'genre',
                  items: [{ id: 1, name: 'ambient', display_name: 'Ambient', image: null }],
                }),
                row(3, 'Staff picks', {
                  type: 'genre',
                  items: [{ id: 2, name: 'mine', display_name: 'Mine', image: null }],
                }),
              ],
            }),
            description: 'New and popular music on Zema.',
          },
        } as never,
      },
      bootstrap(),
      { cookieNoticeAccepted: true },
    );
    expect(html).toContain('በZema ላይ ያሉ አዳዲስና ተወዳጅ ሙዚቃዎች።');
    expect(html).toContain('>የዚህ ሳምንት ተወዳጆች</h2>');
    expect(html).toContain('>አምቢየንት</a>');
    // An admin's own row and genre are painted as written.
    expect(html).toContain('>Staff picks</h2>');
    expect(html).toContain('>Mine</a>');
  });
});
