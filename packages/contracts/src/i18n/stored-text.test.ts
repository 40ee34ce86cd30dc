import { describe, expect, it } from 'vitest';
import { storedText } from './stored-text';

describe('storedText', () => {
  const lines = { Genres: 'ዘውጎች', Free: 'ነፃ', 'Broken line': '{count, plural, other {#}}', Blank: '  ' };

  it("reads a seeded text in the reader's language", () => {
    expect(storedText(lines, 'Genres')).toBe('ዘውጎች');
    expect(storedText(lines, 'Free')).toBe('ነፃ');
  });

  it('shows an operator’s own text, or one without a usable line, as written', () => {
    expect(storedText(lines, 'My own genre')).toBe('My own genre');
    expect(storedText(lines, 'Blank')).toBe('Blank');
    // A line that is a message with arguments is not a stored text's translation.
    expect(storedText(lines, 'Broken line')).toBe('Broken line');
    expect(storedText(null, 'Genres')).toBe('Genres');
    expect(storedText(undefined, 'Genres')).toBe('Genres');
  });

  it('never formats the stored text as a message', () => {
    expect(storedText(lines, 'Rock {live}')).toBe('Rock {live}');
    expect(storedText({}, "It''s {count, plural, other {#}}")).toBe("It''s {count, plural, other {#}}");
  });

  it('keeps empty and missing texts, and ignores inherited keys', () => {
    expect(storedText(lines, '')).toBe('');
    expect(storedText(lines, null)).toBeNull();
    expect(storedText(lines, undefined)).toBeUndefined();
    expect(storedText(lines, 'constructor')).toBe('constructor');
    expect(storedText(lines, 'toString')).toBe('toString');
  });
});
