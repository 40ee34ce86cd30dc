import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localizations } from '#src/modules/localization/tables';
import { uniqueEmail } from '#test/auth';
import { Client } from '#test/client';
import { createUser, useApp } from '#test/helpers';
import { lastMailTo } from '#test/mail';

const t = useApp();

/**
 * The Amharic lines these mails need, as catalogue/am.json ships them: written into this test's
 * database, so the test reads the same whether or not the seed has them yet.
 */
const LINES = {
  '{siteName}: reset your password': '{siteName}፦ የይለፍ ቃልዎን ዳግም ያስጀምሩ',
  'Reset your password': 'የይለፍ ቃልዎን ዳግም ያስጀምሩ',
  'You are receiving this email because we received a password reset request for your account.':
    'ይህ ኢሜይል የደረሰዎት ለመለያዎ የይለፍ ቃል ዳግም ማስጀመሪያ ጥያቄ ስለደረሰን ነው።',
  'Reset password': 'የይለፍ ቃል ዳግም አስጀምር',
  'This password reset link will expire in {minutes, plural, one {# minute} other {# minutes}}.':
    'ይህ የይለፍ ቃል ዳግም ማስጀመሪያ አገናኝ በ{minutes, plural, one {# ደቂቃ} other {# ደቂቃዎች}} ውስጥ ጊዜው ያልፋል።',
  'If you did not request a password reset, no further action is required.':
    'የይለፍ ቃል ዳግም ማስጀመሪያ ካልጠየቁ ምንም ማድረግ አያስፈልግዎትም።',
  '{siteName}: your verification code': '{siteName}፦ የማረጋገጫ ኮድዎ',
  'Verify your email': 'ኢሜይልዎን ያረጋግጡ',
  'Enter this code on {siteName} to verify your email address:':
    'የኢሜይል አድራሻዎን ለማረጋገጥ ይህን ኮድ በ{siteName} ላይ ያስገቡ፦',
  'The code expires in {minutes, plural, one {# minute} other {# minutes}}. If you did not create an account, ignore this email.':
    'ኮዱ በ{minutes, plural, one {# ደቂቃ} other {# ደቂቃዎች}} ውስጥ ጊዜው ያልፋል። መለያ ካልፈጠሩ ይህን ኢሜይል ችላ ይበሉ።',
};

async function withAmharicLines() {
  await t.db
    .update(localizations)
    .set({ lines: sql`${localizations.lines} || ${JSON.stringify(LINES)}::jsonb` })
    .where(eq(localizations.language, 'am'));
}

describe('mail in the reader’s language', () => {
  it('writes the password reset mail in Amharic for an Amharic reader, and in English for others', async () => {
    await withAmharicLines();
    const amharic = await createUser(t.db, { email: uniqueEmail('reset-am'), language: 'am' });
    const english = await createUser(t.db, { email: uniqueEmail('reset-en') });
    for (const email of [amharic.email, english.email]) {
      expect((await new Client(t.app).post('/auth/forgot-password', { email })).statusCode).toBe(200);
    }

    const am = await lastMailTo(t.app, amharic.email);
    expect(am).toContain('<html lang="am">');
    expect(am).toContain('ይህ ኢሜይል የደረሰዎት ለመለያዎ የይለፍ ቃል ዳግም ማስጀመሪያ ጥያቄ ስለደረሰን ነው።');
    expect(am).toContain('<h1 style="margin:0 0 16px;font-size:22px">የይለፍ ቃልዎን ዳግም ያስጀምሩ</h1>');
    expect(am).toMatch(/>የይለፍ ቃል ዳግም አስጀምር<\/a>/);
    expect(am).toContain('ይህ የይለፍ ቃል ዳግም ማስጀመሪያ አገናኝ በ60 ደቂቃዎች ውስጥ ጊዜው ያልፋል።');
    expect(am).not.toContain('You are receiving this email');

    const en = await lastMailTo(t.app, english.email);
    expect(en).toContain('<html lang="en">');
    expect(en).toContain(
      'You are receiving this email because we received a password reset request for your account.',
    );
    expect(en).toContain('This password reset link will expire in 60 minutes.');
  });

  it('speaks the site’s default language to an address without an account', async () => {
    await withAmharicLines();
    const to = uniqueEmail('code-stranger');
    t.app.deps.mail.sendVerificationCode(to, '314159', 10);
    expect(await lastMailTo(t.app, to)).toContain('The code expires in 10 minutes.');

    await t.app.deps.settings.set('i18n', { enable: true, default_locale: 'am' });
    try {
      const other = uniqueEmail('code-stranger-am');
      t.app.deps.mail.sendVerificationCode(other, '271828', 10);
      const body = await lastMailTo(t.app, other);
      expect(body).toContain('የኢሜይል አድራሻዎን ለማረጋገጥ ይህን ኮድ በZema ላይ ያስገቡ፦');
      expect(body).toContain('271828');
      expect(body).toContain('ኮዱ በ10 ደቂቃዎች ውስጥ ጊዜው ያልፋል።');
    } finally {
      await t.app.deps.settings.set('i18n', { enable: true, default_locale: 'en' });
    }
  });
});
