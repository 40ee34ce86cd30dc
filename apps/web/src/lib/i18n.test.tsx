import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBootstrap } from '#src/app/testing/bootstrap-factory';
import { resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { NotFoundPage } from '#src/ui/not-found-page';
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
