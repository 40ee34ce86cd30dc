import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { makeBootstrap } from '#test/bootstrap-factory';
import { useStoredText } from './stored-text';

afterEach(() => {
  cleanup();
  window.bootstrapData = undefined;
  resetBootstrapStore();
});

function Names({ texts }: { texts: (string | null)[] }) {
  const stored = useStoredText();
  return (
    <ul>
      {texts.map((text) => (
        <li key={String(text)}>{stored(text) ?? 'none'}</li>
      ))}
    </ul>
  );
}

describe('useStoredText', () => {
  it("shows a seeded text in the reader's language and an operator's own as written", () => {
    setBootstrapData(
      makeBootstrap({
        i18n: {
          locale: { id: 2, name: 'አማርኛ', language: 'am' },
          lines: { 'Popular this week': 'የዚህ ሳምንት ተወዳጆች', Premium: 'ፕሪሚየም', '{count} x': '{count} y' },
        },
      }),
    );
    render(<Names texts={['Popular this week', 'Premium', 'Our own row', '{count} x', null]} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'የዚህ ሳምንት ተወዳጆች',
      'ፕሪሚየም',
      'Our own row',
      '{count} x',
      'none',
    ]);
  });

  it('shows the stored text before the bootstrap data has lines', () => {
    render(<Names texts={['Popular this week']} />);
    expect(screen.getByRole('listitem').textContent).toBe('Popular this week');
  });

  it('follows a change of language', () => {
    setBootstrapData(makeBootstrap());
    const { rerender } = render(<Names texts={['Genres']} />);
    expect(screen.getByRole('listitem').textContent).toBe('Genres');
    setBootstrapData(
      makeBootstrap({ i18n: { locale: { id: 2, name: 'አማርኛ', language: 'am' }, lines: { Genres: 'ዘውጎች' } } }),
    );
    rerender(<Names texts={['Genres']} />);
    expect(screen.getByRole('listitem').textContent).toBe('ዘውጎች');
  });
});
