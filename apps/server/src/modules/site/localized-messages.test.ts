import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localizations } from '#src/modules/localization/tables';
import { Client } from '#test/client';
import { useApp } from '#test/helpers';
import { BOOTSTRAP_CACHE_KEYS } from './bootstrap.service';

const t = useApp();

describe('what a call that went through says, in the reader’s language', () => {
  it('writes a catalogue message in the language of the visitor’s cookie', async () => {
    // The line as catalogue/am.json ships it (written here so the test does not wait for the seed).
    await t.db
      .update(localizations)
      .set({
        lines: sql`${localizations.lines} || ${JSON.stringify({
          'We have emailed your password reset link.': 'የይለፍ ቃል ዳግም ማስጀመሪያ አገናኝዎን በኢሜይል ልከንልዎታል።',
        })}::jsonb`,
      })
      .where(eq(localizations.language, 'am'));
    await t.app.deps.cache.invalidate(BOOTSTRAP_CACHE_KEYS.localizations);
    const forgot = (client: Client) =>
      client.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        payload: { email: 'nobody@example.test' },
      });

    const amharic = await forgot(new Client(t.app).with({ cookies: { [GUEST_LOCALE_COOKIE]: 'am' } }));
    expect(amharic.statusCode).toBe(200);
    expect(amharic.json().message).toBe('የይለፍ ቃል ዳግም ማስጀመሪያ አገናኝዎን በኢሜይል ልከንልዎታል።');
    const english = await forgot(new Client(t.app));
    expect(english.json().message).toBe('We have emailed your password reset link.');
  });
});
