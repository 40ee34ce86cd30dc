import { describe, expect, it } from 'vitest';
import { translator } from './translate';

describe('translator', () => {
  const lines = {
    'Your {plan} plan ended': 'የ{plan} እቅድዎ አብቅቷል',
    '{count, plural, one {# song} other {# songs}}': '{count, plural, one {# ዘፈን} other {# ዘፈኖች}}',
    Premium: 'ፕሪሚየም',
    Gold: 'ወርቅ {',
  };

  it('formats a line in the reader’s language, and the English source when there is none', () => {
    const t = translator(lines, 'am');
    expect(t('{count, plural, one {# song} other {# songs}}', { count: 0 })).toBe('0 ዘፈን');
    expect(t('{count, plural, one {# song} other {# songs}}', { count: 3 })).toBe('3 ዘፈኖች');
    expect(translator(null)('{count, plural, one {# song} other {# songs}}', { count: 1 })).toBe('1 song');
    expect(t('Not translated {name}', { name: 'A' })).toBe('Not translated A');
    // An object's own names are messages like any other, never a line.
    expect(t('constructor')).toBe('constructor');
    expect(t.stored?.('toString')).toBe('toString');
    // Tags are text, as the catalogue reads them.
    expect(t('Send "Bearer <token>".')).toBe('Send "Bearer <token>".');
  });

  it('shows a stored text through its line when the catalogue has one, and never formats it', () => {
    const t = translator(lines, 'am');
    expect(t('Your {plan} plan ended', { plan: t.stored?.('Premium') ?? 'Premium' })).toBe(
      'የፕሪሚየም እቅድዎ አብቅቷል',
    );
    expect(t.stored?.('Our {own} plan')).toBe('Our {own} plan');
    // A line that is not plain text is not taken for a stored text.
    expect(t.stored?.('Gold')).toBe('Gold');
  });
});
