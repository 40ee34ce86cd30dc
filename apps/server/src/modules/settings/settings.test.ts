import { clientSettingsSchema, DEFAULT_BRANDING, landingAppearanceSchema } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { useApp } from '#test/helpers';
import { defaultClientSettings } from './settings.defaults';
import { deepMerge, SettingsValidationError } from './settings.service';
import { settings } from './settings.tables';

const t = useApp({ APP_URL: 'https://music.example.com', DEMO_MODE: 'true' });

describe('settings defaults', () => {
  it('cover every key of the client settings contract', () => {
    const defaults = defaultClientSettings(t.config);
    expect(clientSettingsSchema.strict().safeParse(defaults).success).toBe(true);
    expect(Object.keys(defaults).sort()).toEqual(Object.keys(clientSettingsSchema.shape).sort());
  });

  it('match what a fresh install needs', async () => {
    const s = await t.app.deps.settings.getClientSettings();
    expect(s).toMatchObject({
      site_name: 'Zema',
      base_url: 'https://music.example.com',
      demo: true,
      debug: false,
      dates: { default_timezone: 'Africa/Addis_Ababa' },
      themes: { user_change: true, default_id: null },
      cookie_notice: {
        enable: true,
        position: 'bottom',
        button: { label: 'Privacy policy', action: '/pages/privacy-policy' },
      },
      billing: { enable: true },
      notifications: { integrated: true },
      notif: { subs: { integrated: true } },
      branding: DEFAULT_BRANDING,
      registration: { disable: false, policies: [] },
      require_email_confirmation: true,
      i18n: { enable: true, default_locale: 'en' },
      api: { integrated: true },
      homepage: { type: 'landing', value: null },
    });
    expect(landingAppearanceSchema.parse(s.landing).actions).toMatchObject({
      cta1: { label: 'Get started', action: '/register' },
      cta2: { label: 'Explore', action: '/discover' },
      cta3: { label: 'Create account', action: '/register' },
    });
  });
});

describe('stored settings', () => {
  it('deep-merge over the defaults, dotted keys included', async () => {
    await t.app.deps.settings.set('cookie_notice.position', 'top');
    await t.app.deps.settings.set('landing', { headerTitle: 'Welcome home' });
    const s = await t.app.deps.settings.getClientSettings();
    expect(s.cookie_notice.position).toBe('top');
    expect(s.cookie_notice.enable).toBe(true);
    expect(s.landing.headerTitle).toBe('Welcome home');
    expect(s.landing.actions.cta1.label).toBe('Get started');
    expect(await t.app.deps.settings.get('cookie_notice.position')).toBe('top');
    const bootstrap = await t.app.inject({ url: '/api/v1/bootstrap-data' });
    expect(bootstrap.json().bootstrapData.settings.cookie_notice.position).toBe('top');
  });

  it('are validated as a whole before they are stored', async () => {
    await expect(t.app.deps.settings.set('cookie_notice.position', 'middle')).rejects.toBeInstanceOf(
      SettingsValidationError,
    );
    await expect(t.app.deps.settings.set('no_such_setting', 1)).rejects.toThrow(/Unknown setting/);
    await expect(t.app.deps.settings.set('debug', true)).rejects.toThrow(/cannot be changed/);
    expect((await t.app.deps.settings.getClientSettings()).cookie_notice.position).toBe('top');
  });

  it('never let a stored row override what the environment owns', async () => {
    await t.db.insert(settings).values({ key: 'base_url', value: 'http://evil.test' });
    expect((await t.app.deps.settings.getClientSettings()).base_url).toBe('https://music.example.com');
  });

  it('survive a broken row without taking the site down', async () => {
    await t.db.insert(settings).values({ key: 'billing', value: { enable: 'yes please' } });
    const s = await t.app.deps.settings.getClientSettings();
    // The broken value falls back to the default (billing on for a fresh install).
    expect(s.billing.enable).toBe(true);
    expect(s.cookie_notice.position).toBe('top');
  });
});

describe('deepMerge', () => {
  it('merges objects, replaces arrays and scalars', () => {
    expect(deepMerge({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, d: null })).toEqual({
      a: { b: 1, c: [3] },
      d: null,
    });
  });
});
