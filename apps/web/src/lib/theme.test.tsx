import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ThemeToggleButton } from '#src/features/appearance/theme-toggle';
import { darkTheme, lightTheme, makeBootstrap, makeSettings } from '#test/bootstrap-factory';
import { resetBootstrapStore, setBootstrapData } from './bootstrap-store';
import { applyTheme, applyThemeFont, findThemeForChoice, resolveActiveTheme } from './theme';
import { ThemeApplier } from './use-theme';

const blueTheme = {
  ...lightTheme,
  id: 3,
  name: 'Blue',
  default_light: false,
  values: { '--be-primary': '#1a56db' },
};
const themes = [lightTheme, darkTheme, blueTheme];

describe('resolveActiveTheme (SPEC §4)', () => {
  it('uses the stored choice when users may change themes', () => {
    const settings = makeSettings({ themes: { user_change: true, default_id: 1 } });
    expect(resolveActiveTheme(themes, settings, '3')?.id).toBe(3);
  });

  it('ignores the stored choice when users may not change themes', () => {
    const settings = makeSettings({ themes: { user_change: false, default_id: 1 } });
    expect(resolveActiveTheme(themes, settings, '2')?.id).toBe(1);
  });

  it('uses default_id, falling back to the first theme', () => {
    expect(
      resolveActiveTheme(themes, makeSettings({ themes: { user_change: true, default_id: 2 } }), null)?.id,
    ).toBe(2);
    expect(
      resolveActiveTheme(themes, makeSettings({ themes: { user_change: true, default_id: null } }), null)?.id,
    ).toBe(1);
    expect(
      resolveActiveTheme(themes, makeSettings({ themes: { user_change: true, default_id: 99 } }), null)?.id,
    ).toBe(1);
    const reordered = [blueTheme, lightTheme];
    expect(
      resolveActiveTheme(reordered, makeSettings({ themes: { user_change: false, default_id: null } }), '1')
        ?.id,
    ).toBe(3);
  });

  it('falls back to the default when the stored theme no longer exists', () => {
    expect(
      resolveActiveTheme(themes, makeSettings({ themes: { user_change: true, default_id: 2 } }), '42')?.id,
    ).toBe(2);
  });

  it("'light' and 'dark' pick the themes flagged default for that mode", () => {
    const altDark = { ...darkTheme, id: 4, default_dark: false };
    const list = [altDark, lightTheme, blueTheme, darkTheme];
    expect(findThemeForChoice(list, 'dark')?.id).toBe(2);
    expect(findThemeForChoice(list, 'light')?.id).toBe(1);
  });
});

describe('applyTheme', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('style');
    document.documentElement.className = '';
  });

  it('writes the variables on <html> and toggles the dark class and color-scheme', () => {
    const root = document.documentElement;
    applyTheme(darkTheme);
    expect(root.style.getPropertyValue('--be-background')).toBe(darkTheme.values['--be-background']);
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');

    applyTheme(blueTheme);
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.style.colorScheme).toBe('light');
    expect(root.style.getPropertyValue('--be-primary')).toBe('#1a56db');
    // Variables the new theme does not set are not left over from the previous one.
    expect(root.style.getPropertyValue('--be-background')).toBe('');
  });
});

describe('theme toggle', () => {
  beforeEach(() => resetBootstrapStore());
  afterEach(() => {
    document.documentElement.removeAttribute('style');
    document.documentElement.className = '';
  });

  it("switches to the default dark theme, stores its id under 'be-active-theme' and applies it", async () => {
    setBootstrapData(makeBootstrap({ settings: { themes: { user_change: true, default_id: 1 } } }));
    render(
      <>
        <ThemeApplier />
        <ThemeToggleButton />
      </>,
    );
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Dark mode' }));
    expect(localStorage.getItem('be-active-theme')).toBe('2');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.getByRole('button', { name: 'Light mode' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Light mode' }));
    expect(localStorage.getItem('be-active-theme')).toBe('1');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('is absent when users may not change themes, and a stored choice is ignored', () => {
    localStorage.setItem('be-active-theme', '2');
    setBootstrapData(makeBootstrap({ settings: { themes: { user_change: false, default_id: 1 } } }));
    render(
      <>
        <ThemeApplier />
        <ThemeToggleButton />
      </>,
    );
    expect(screen.queryByRole('button', { name: /mode/ })).toBeNull();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });

  it('applies a stored choice on start', () => {
    localStorage.setItem('be-active-theme', '2');
    setBootstrapData(makeBootstrap());
    render(<ThemeApplier />);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    act(() =>
      setBootstrapData(makeBootstrap({ settings: { themes: { user_change: false, default_id: 1 } } })),
    );
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});

describe('a theme font', () => {
  it('links its stylesheet from the site and sets the family; the app font removes both', () => {
    applyThemeFont('Lora Variable');
    expect(document.getElementById('zema-theme-font')?.getAttribute('href')).toBe('/fonts/lora.css');
    expect(document.documentElement.style.getPropertyValue('--be-font-family')).toBe('"Lora Variable"');
    applyThemeFont('Noto Sans Ethiopic Variable');
    expect(document.getElementById('zema-theme-font')).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--be-font-family')).toBe(
      '"Noto Sans Ethiopic Variable"',
    );
    applyThemeFont('Comic Sans MS');
    expect(document.documentElement.style.getPropertyValue('--be-font-family')).toBe('"Inter Variable"');
  });

  it("is replaced by the app's own font on a switch to a theme without one, over the served page's rule", () => {
    // The served page of a site whose default (dark) theme uses Montserrat (server: spa.service.ts).
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="stylesheet" href="/fonts/montserrat.css" id="zema-theme-font"><style id="served-theme">:root{--be-font-family:"Montserrat Variable"}</style>',
    );
    const root = document.documentElement;
    try {
      applyTheme({ ...darkTheme, font: { family: 'Montserrat Variable', src: '/fonts/montserrat.css' } });
      expect(getComputedStyle(root).getPropertyValue('--be-font-family').trim()).toBe(
        '"Montserrat Variable"',
      );

      // The visitor switches to Light mode: the light theme has no font of its own.
      applyTheme({ ...lightTheme, font: null });
      expect(document.getElementById('zema-theme-font')).toBeNull();
      expect(root.style.getPropertyValue('--be-font-family')).toBe('"Inter Variable"');
      expect(getComputedStyle(root).getPropertyValue('--be-font-family').trim()).toBe('"Inter Variable"');

      // And back: the dark theme's font is linked and set again.
      applyTheme({ ...darkTheme, font: { family: 'Montserrat Variable', src: '/fonts/montserrat.css' } });
      expect(document.getElementById('zema-theme-font')?.getAttribute('href')).toBe('/fonts/montserrat.css');
      expect(root.style.getPropertyValue('--be-font-family')).toBe('"Montserrat Variable"');
    } finally {
      document.getElementById('served-theme')?.remove();
      document.getElementById('zema-theme-font')?.remove();
      root.removeAttribute('style');
      root.className = '';
    }
  });
});
