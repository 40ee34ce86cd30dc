import { describe, expect, it } from 'vitest';
import { slugify } from './catalogue';

// The one slug function: the web app builds links with it, the server and its tests read them.
describe('slugify', () => {
  it('lower-cases, drops accents and joins words with one dash', () => {
    expect(slugify('Tewodros Kassahun!')).toBe('tewodros-kassahun');
    expect(slugify('  Beyoncé — Déjà Vu  ')).toBe('beyonce-deja-vu');
  });

  it('keeps letters of other scripts readable', () => {
    expect(slugify('ቴዲ አፍሮ')).toBe('ቴዲ-አፍሮ');
  });

  it('gives a slug word when nothing is left', () => {
    expect(slugify('!!!')).toBe('item');
    expect(slugify('')).toBe('item');
  });
});
