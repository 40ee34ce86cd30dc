import { DEFAULT_DARK_THEME_VALUES, DEFAULT_LIGHT_THEME_VALUES } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { checkThemeContrast, contrastRatio, toHexColour } from './contrast';

describe('theme contrast', () => {
  it('measures WCAG ratios: black on white is 21:1, equal colours 1:1', () => {
    expect(contrastRatio('#000', '#fff')).toBe(21);
    expect(contrastRatio('#777', '#777')).toBe(1);
    expect(contrastRatio('8px', '#fff')).toBeNull();
  });

  it('passes the default light and dark themes, and flags a pale primary button', () => {
    expect(checkThemeContrast(DEFAULT_LIGHT_THEME_VALUES).every((c) => c.ok)).toBe(true);
    expect(checkThemeContrast(DEFAULT_DARK_THEME_VALUES).every((c) => c.ok)).toBe(true);
    const pale = checkThemeContrast({ ...DEFAULT_LIGHT_THEME_VALUES, '--be-primary': '#9fe0c8' });
    expect(pale.find((c) => c.label === 'Text on primary buttons')).toMatchObject({ ok: false });
  });

  it('gives colour inputs a #rrggbb value', () => {
    expect(toHexColour('rgb(255, 0, 0)')).toBe('#ff0000');
    expect(toHexColour('#0b7a5b')).toBe('#0b7a5b');
    expect(toHexColour('bogus')).toBeNull();
  });
});
