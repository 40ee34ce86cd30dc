import { describe, expect, it } from 'vitest';
import { makeBootstrap } from '#test/bootstrap-factory';
import {
  EDITOR_SOURCE,
  editorMessageOf,
  isStyleVariable,
  PREVIEW_SOURCE,
  previewMessageOf,
  withAppearance,
} from './appearance-editor';

const parent = {} as Window;
const self = { location: { origin: 'https://zema.example' }, parent } as Pick<Window, 'location' | 'parent'>;
const message = { source: EDITOR_SOURCE, type: 'setActiveTheme', themeId: 2 };

describe('the framed site accepts the editor only', () => {
  it('from its own host, from the window framing it, with the editor source', () => {
    expect(editorMessageOf({ origin: 'https://zema.example', source: parent, data: message }, self)).toEqual(
      message,
    );
  });

  it('ignores another origin, another window, another source and junk', () => {
    expect(
      editorMessageOf({ origin: 'https://evil.example', source: parent, data: message }, self),
    ).toBeNull();
    expect(
      editorMessageOf({ origin: 'https://zema.example', source: {} as Window, data: message }, self),
    ).toBeNull();
    expect(
      editorMessageOf(
        { origin: 'https://zema.example', source: parent, data: { ...message, source: 'other' } },
        self,
      ),
    ).toBeNull();
    expect(
      editorMessageOf({ origin: 'https://zema.example', source: parent, data: 'setActiveTheme' }, self),
    ).toBeNull();
    expect(editorMessageOf({ origin: 'https://zema.example', source: parent, data: null }, self)).toBeNull();
  });

  it('and the editor accepts the preview only from its frame, on its origin', () => {
    const frame = {} as Window;
    const data = { source: PREVIEW_SOURCE, type: 'openSection', section: 'header' };
    expect(
      previewMessageOf(
        { origin: 'https://zema.example', source: frame, data },
        frame,
        'https://zema.example',
      ),
    ).toEqual({
      type: 'openSection',
      section: 'header',
    });
    expect(
      previewMessageOf(
        { origin: 'https://evil.example', source: frame, data },
        frame,
        'https://zema.example',
      ),
    ).toBeNull();
    expect(
      previewMessageOf(
        { origin: 'https://zema.example', source: {} as Window, data },
        frame,
        'https://zema.example',
      ),
    ).toBeNull();
  });
});

describe('the preview of unpublished values', () => {
  it('replaces the settings, themes and menus the editor sends, the rest stays', () => {
    const data = makeBootstrap();
    const theme = { ...data.themes.all[0]!, id: -1, name: 'Midnight' };
    const next = withAppearance(data, {
      site_name: 'Preview',
      themes: { user_change: false, default_id: -1, all: [theme] },
      menus: [],
    });
    expect(next.settings.site_name).toBe('Preview');
    expect(next.settings.themes).toEqual({ user_change: false, default_id: -1 });
    expect(next.themes).toEqual({ all: [theme], selectedThemeId: -1 });
    expect(next.menus).toEqual([]);
    expect(next.user).toBe(data.user);
    expect(next.settings.billing).toBe(data.settings.billing);
  });

  it('sets only style variables that cannot leave their rule', () => {
    expect(isStyleVariable('--be-primary', '#aa3300')).toBe(true);
    expect(isStyleVariable('color', 'red')).toBe(false);
    expect(isStyleVariable('--be-primary', 'red;}body{display:none')).toBe(false);
  });
});
