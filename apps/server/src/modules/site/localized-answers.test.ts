import { GUEST_LOCALE_COOKIE } from '@zema/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#src/modules/users/tables';
import { Client } from '#test/client';
import { createUser, signedInClient, useApp } from '#test/helpers';

const t = useApp();

describe('refusals in the reader’s language (SPEC §8)', () => {
  it('writes a visitor’s field errors and message in the language of their cookie', async () => {
    const amharic = new Client(t.app).with({ cookies: { [GUEST_LOCALE_COOKIE]: 'am' } });
    const res = await amharic.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: '', password: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'ኢሜይል ያስፈልጋል። (እና 2 ሌሎች ስህተቶች)',
      errors: { email: ['ኢሜይል ያስፈልጋል።', 'ትክክለኛ የኢሜይል አድራሻ ያስገቡ።'], password: ['የይለፍ ቃል ያስፈልጋል።'] },
    });

    const english = await new Client(t.app).inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: '', password: '' },
    });
    expect(english.json()).toEqual({
      message: 'The email field is required. (and 2 more errors)',
      errors: {
        email: ['The email field is required.', 'Enter a valid email address.'],
        password: ['The password field is required.'],
      },
    });
  });

  it('follows a user’s own language, and leaves a message the catalogue does not hold as written', async () => {
    const user = await createUser(t.db);
    await t.db.update(users).set({ language: 'am' }).where(eq(users.id, user.id));
    const client = await signedInClient(t, user.id);
    const missing = await client.inject({ url: '/api/v1/notifications/not-a-route' });
    expect(missing.statusCode).toBe(404);
    const guest = await new Client(t.app).inject({ url: '/api/v1/users/me' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().message).toBe('Unauthenticated.');
    const amharicGuest = await new Client(t.app)
      .with({ cookies: { [GUEST_LOCALE_COOKIE]: 'am' } })
      .inject({ url: '/api/v1/users/me' });
    expect(amharicGuest.json().message).toBe('አልገቡም። እባክዎ መጀመሪያ ይግቡ።');
  });
});
