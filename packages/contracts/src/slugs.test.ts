import { describe, expect, it } from 'vitest';
import { SLUG_LOOKUP_PATTERN, SLUG_PATTERN, slugify, slugSchema, storedSlugFrom } from './slugs';

// A name's URL slug: the web app builds links with it, the server and its tests read them.
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

describe('the stored slug rule', () => {
  it('takes lower-case a to z and digits in runs joined by single dashes', () => {
    for (const ok of ['discover', 'new-releases', 'top-40', '1970s'])
      expect(SLUG_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ['', 'New', 'a--b', '-a', 'a-', 'a b', 'café', 'ቴዲ'])
      expect(SLUG_PATTERN.test(bad), bad).toBe(false);
  });

  it('as a request field: trimmed, at most 100 characters, with the message a form shows', () => {
    expect(slugSchema.parse('  jazz ')).toBe('jazz');
    expect(slugSchema.safeParse('x'.repeat(101)).success).toBe(false);
    expect(slugSchema.safeParse('Jazz').error?.issues[0]?.message).toBe(
      'Use lower-case letters a to z, digits and single dashes.',
    );
  });

  it('is derived from a title: accents off, other characters one dash, nothing from another script', () => {
    expect(storedSlugFrom('  Ethio Jazz — Vol. 2 ')).toBe('ethio-jazz-vol-2');
    expect(storedSlugFrom('Café Noir')).toBe('cafe-noir');
    expect(storedSlugFrom('Déjà vu')).toBe('deja-vu');
    expect(storedSlugFrom('ትዝታ')).toBe('');
    expect(storedSlugFrom('x'.repeat(120))).toHaveLength(100);
    // Cut at the limit, a dash left at the end goes too.
    expect(storedSlugFrom('abc def', 4)).toBe('abc');
  });

  it('what it derives always passes the rule', () => {
    for (const title of ['Ethio Jazz — Vol. 2', '--Top 40--', 'a  b', 'Café'])
      expect(SLUG_PATTERN.test(storedSlugFrom(title)), title).toBe(true);
  });

  it('a lookup takes any case of the characters, or an id', () => {
    expect(SLUG_LOOKUP_PATTERN.test('New-Releases')).toBe(true);
    expect(SLUG_LOOKUP_PATTERN.test('42')).toBe(true);
    expect(SLUG_LOOKUP_PATTERN.test('a/b')).toBe(false);
    expect(SLUG_LOOKUP_PATTERN.test('x'.repeat(101))).toBe(false);
  });
});
