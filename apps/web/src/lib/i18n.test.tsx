import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { NotFoundPage } from '#src/ui/not-found-page';
import { makeBootstrap } from '#test/bootstrap-factory';
import { Trans, translate, useDocumentLanguage, useTrans } from './i18n';

afterEach(() => {
  cleanup();
  // The store re-reads window.bootstrapData after a reset: forget both.
  window.bootstrapData = undefined;
  resetBootstrapStore();
  document.documentElement.lang = 'en';
});

const amharic = (lines: Record<string, string>) =>
  makeBootstrap({ i18n: { locale: { id: 2, name: 'አማርኛ', language: 'am' }, lines } });

describe('translate', () => {
  it('looks the English source string up in the lines', () => {
    expect(translate({ Login: 'ግባ' }, 'Login')).toBe('ግባ');
  });

  it('falls back to the message when the line is missing or blank', () => {
    expect(translate({}, 'Register')).toBe('Register');
    // An object's own names are no lines.
    expect(translate({}, 'constructor')).toBe('constructor');
    expect(translate({}, 'toString')).toBe('toString');
    expect(translate({ Register: '  ' }, 'Register')).toBe('Register');
  });

  it('fills {name} arguments, in the translation and in the fallback', () => {
    const lines = { 'Enter the code we sent to {email}': 'ወደ {email} የላክነውን ኮድ ያስገቡ' };
    expect(translate(lines, 'Enter the code we sent to {email}', { email: 'a***@example.com' }, 'am')).toBe(
      'ወደ a***@example.com የላክነውን ኮድ ያስገቡ',
    );
    expect(translate({}, '{count} of {count} on {siteName}', { count: 2, siteName: 'Zema' })).toBe(
      '2 of 2 on Zema',
    );
    expect(translate({}, '{count}/{countAll}', { count: 1, countAll: 9 })).toBe('1/9');
  });

  it('fills simple arguments exactly as ICU MessageFormat does', async () => {
    const { formatMessage } = await import('./message-format');
    const cases: [string, Record<string, string | number>, string][] = [
      ['Play {name}', { name: 'Teddy Afro' }, 'en'],
      ['{count} new releases', { count: 1400 }, 'en'],
      ['{count} አዳዲስ ሥራዎች', { count: 12345.5 }, 'am'],
      ['{a}{b} and {a}', { a: 'x', b: 2 }, 'en'],
      ['No arguments, a colon: and a # sign', {}, 'en'],
    ];
    for (const [text, values, language] of cases) {
      expect(translate({}, text, values, language)).toBe(formatMessage(text, 'en', values, text));
      expect(translate({ [text]: text }, text, values, language)).toBe(
        formatMessage(text, language, values, text),
      );
    }
  });
});

describe('plurals and selects', () => {
  const FOLLOWERS = '{count, plural, one {# follower} other {# followers}}';
  it('picks the English form by the English rules and formats the count', () => {
    expect(translate({}, FOLLOWERS, { count: 1 })).toBe('1 follower');
    expect(translate({}, FOLLOWERS, { count: 0 })).toBe('0 followers');
    expect(translate({}, FOLLOWERS, { count: 2 })).toBe('2 followers');
    expect(translate({}, FOLLOWERS, { count: 1400 })).toBe('1,400 followers');
  });

  it("picks a line's form by its own language's rules, and fills other values", () => {
    const lines = {
      [FOLLOWERS]: '{count, plural, one {# ተከታይ} other {# ተከታዮች}}',
      '{count, plural, one {# song by {name}} other {# songs by {name}}}':
        '{count, plural, other {የ{name} # ዘፈኖች}}',
    };
    expect(translate(lines, FOLLOWERS, { count: 1 }, 'am')).toBe('1 ተከታይ');
    expect(translate(lines, FOLLOWERS, { count: 5 }, 'am')).toBe('5 ተከታዮች');
    // Amharic counts 0 as "one" (CLDR: i = 0 or n = 1); English does not.
    expect(translate(lines, FOLLOWERS, { count: 0 }, 'am')).toBe('0 ተከታይ');
    expect(
      translate(
        lines,
        '{count, plural, one {# song by {name}} other {# songs by {name}}}',
        { count: 3, name: 'A' },
        'am',
      ),
    ).toBe('የA 3 ዘፈኖች');
    // No line: the English forms, chosen by English rules.
    expect(translate({}, FOLLOWERS, { count: 0 }, 'am')).toBe('0 followers');
  });

  it('selects a form by a value', () => {
    const PERIOD =
      '{interval, select, month {{count, plural, one {per month} other {every # months}}} other {per year}}';
    expect(translate({}, PERIOD, { interval: 'month', count: 1 })).toBe('per month');
    expect(translate({}, PERIOD, { interval: 'month', count: 3 })).toBe('every 3 months');
    expect(translate({}, PERIOD, { interval: 'year', count: 1 })).toBe('per year');
  });

  it('falls back to the English source when a line is broken', () => {
    expect(translate({ [FOLLOWERS]: '{count, plural, one {# ተከታይ}' }, FOLLOWERS, { count: 2 }, 'am')).toBe(
      '2 followers',
    );
  });
});

function Probe() {
  const { trans } = useTrans();
  useDocumentLanguage();
  return (
    <p>
      {trans('Log out')} | <Trans message="Welcome to {siteName}" values={{ siteName: 'Zema' }} />
    </p>
  );
}

describe('useTrans and Trans', () => {
  it('use the bootstrap lines and set <html lang> to the locale language', () => {
    setBootstrapData(amharic({ 'Log out': 'ውጣ', 'Welcome to {siteName}': 'እንኳን ወደ {siteName} በደህና መጡ' }));
    render(<Probe />);
    expect(screen.getByText('ውጣ | እንኳን ወደ Zema በደህና መጡ')).toBeTruthy();
    expect(document.documentElement.lang).toBe('am');
  });

  it('keep English without bootstrap data (the generic kit may render before it loads)', () => {
    render(<Probe />);
    expect(screen.getByText('Log out | Welcome to Zema')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
  });

  it('translate a kit screen (404) from the locale lines', () => {
    setBootstrapData(
      amharic({
        "Looks like you've found the doorway to the great nothing": 'ወደ ታላቁ ባዶነት የሚያስገባውን በር ያገኙ ይመስላል',
        'Take me there!': 'ወደዚያ ውሰደኝ!',
      }),
    );
    render(<NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'ወደ ታላቁ ባዶነት የሚያስገባውን በር ያገኙ ይመስላል' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ወደዚያ ውሰደኝ!' })).toBeTruthy();
  });
});

describe('Trans with elements', () => {
  const MESSAGE = 'You are logged in as {name} ({email}).';
  const banner = () => (
    <p data-testid="banner">
      <Trans
        message={MESSAGE}
        values={{ email: 'a@example.com' }}
        elements={{ name: <strong>Abebe</strong> }}
      />
    </p>
  );

  it('puts an element where the English source has its argument', () => {
    render(banner());
    expect(screen.getByTestId('banner').innerHTML).toBe(
      'You are logged in as <strong>Abebe</strong> (a@example.com).',
    );
  });

  it("puts it where the line has it, in the line's own word order", () => {
    setBootstrapData(amharic({ [MESSAGE]: 'እንደ {name} ({email}) ገብተዋል።' }));
    render(banner());
    expect(screen.getByTestId('banner').innerHTML).toBe('እንደ <strong>Abebe</strong> (a@example.com) ገብተዋል።');
  });
});
