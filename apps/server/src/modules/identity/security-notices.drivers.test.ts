// Both drivers: two concurrent first logins from one device (a race on the device's unique row).
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '#test/auth';
import { Client, createUser, useApp } from '#test/helpers';
import { outboxFor } from '#test/mail';

const PASSWORD = 'security notice password';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('new-device sign-in notices', () => {
  const t = useApp();

  /** A login from a browser on the device `userAgent` names (security-notices.test.ts's Device). */
  const login = (userAgent: string, email: string) =>
    new Client(t.app, { headers: { 'user-agent': userAgent } }).post('/auth/login', {
      email,
      password: PASSWORD,
      remember: false,
    });

  it('two concurrent first logins from one new device mail once', async () => {
    const user = await createUser(t.db, { email: uniqueEmail('race-device'), password: PASSWORD });
    await login(LINUX_FIREFOX, user.email);
    const answers = await Promise.all([login(IPHONE, user.email), login(IPHONE, user.email)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const subjects = (await outboxFor(t.app, user.email)).map((m) => /^Subject: (.*)$/m.exec(m.body)?.[1]);
    expect(subjects).toEqual(['Zema: new sign-in to your account']);
  });
});
