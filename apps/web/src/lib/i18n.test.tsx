import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { NotFoundPage } from '#src/ui/not-found-page';
import { makeBootstrap } from '#test/bootstrap-factory';
import { Trans, translate, translateChoice, useDocumentLanguage, useTrans } from './i18n';

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
    expect(translate({ Register: '  ' }, 'Register')).toBe('Register');
  });

  it('replaces every :name placeholder, in the translation and in the fallback', () => {
    expect(
      translate(
        { 'Enter the code we sent to :email': 'ወደ :email የላክነውን ኮድ ያስገቡ' },
        'Enter the code we sent to :email',
        {
          email: 'a***@example.com',
        },
      ),
    ).toBe('ወደ a***@example.com የላክነውን ኮድ ያስገቡ');
    expect(translate({}, ':count of :count on :siteName', { count: 2, siteName: 'Zema' })).toBe(
      '2 of 2 on Zema',
    );
  });

  it('replaces longer placeholder names first so a prefix never eats them', () => {
    expect(translate({}, ':count/:countAll', { count: 1, countAll: 9 })).toBe('1/9');
  });
});

function Probe() {
  const { trans } = useTrans();
  useDocumentLanguage();
  return (
    <p>
      {trans('Log out')} | <Trans message="Welcome to :siteName" values={{ siteName: 'Zema' }} />
    </p>
  );
}

describe('translateChoice', () => {
  const FOLLOWERS = ':count follower|:count followers';
  it('picks the English form by Intl.PluralRules and formats the count', () => {
    expect(translateChoice({}, 'en', FOLLOWERS, 1)).toBe('1 follower');
    expect(translateChoice({}, 'en', FOLLOWERS, 0)).toBe('0 followers');
    expect(translateChoice({}, 'en', FOLLOWERS, 2)).toBe('2 followers');
    expect(translateChoice({}, 'en', FOLLOWERS, 1400)).toBe('1,400 followers');
  });

  it("picks a localization's form by its own language's rules, and fills other values", () => {
    const lines = {
      [FOLLOWERS]: ':count ተከታይ|:count ተከታዮች',
      ':count song by :name|:count songs by :name': 'x',
    };
    expect(translateChoice(lines, 'am', FOLLOWERS, 1)).toBe('1 ተከታይ');
    expect(translateChoice(lines, 'am', FOLLOWERS, 5)).toBe('5 ተከታዮች');
    // Amharic counts 0 as "one" (CLDR: i = 0 or n = 1).
    expect(translateChoice(lines, 'am', FOLLOWERS, 0)).toBe('0 ተከታይ');
    // A line with one form only uses it for every count.
    expect(translateChoice(lines, 'am', ':count song by :name|:count songs by :name', 3, { name: 'A' })).toBe(
      'x',
    );
    // No line: the English forms, chosen by English rules, the number in the language's digits.
    expect(translateChoice({}, 'am', ':count song|:count songs', 1)).toBe('1 song');
  });
});

describe('useTrans and Trans', () => {
  it('use the bootstrap lines and set <html lang> to the locale language', () => {
    setBootstrapData(amharic({ 'Log out': 'ውጣ', 'Welcome to :siteName': 'እንኳን ወደ :siteName በደህና መጡ' }));
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
