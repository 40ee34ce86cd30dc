import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { BACKSTAGE_MAX_LINKS, createBackstageRequestSchema } from '../backstage/backstage';
import {
  grantSubscriptionRequestSchema,
  MAX_GRANT_DAYS,
  MAX_REFUND_REASON,
  refundPaymentRequestSchema,
} from '../billing/billing-admin';
import { CONTACT_LIMITS, contactRequestSchema } from '../contact/contact';
import {
  DISPLAY_NAME_MAX,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT_MESSAGE,
  RECOVERY_CODE_LENGTH,
  recoveryCodeRequestSchema,
  registerRequestSchema,
  TWO_FACTOR_CODE_LENGTH,
  twoFactorCodeRequestSchema,
} from '../identity/auth';
import {
  createPlaylistRequestSchema,
  LIBRARY_MESSAGES,
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_MAX_TRACKS,
  PLAYLIST_NAME_MAX,
} from '../library/library';
import { ID_MESSAGE, INT32_MAX } from '../primitives';
import { ANALYTICS_CUSTOM_MAX_DAYS, analyticsQuerySchema } from '../system/analytics';
import {
  IMAGE_MAX_SIDE_PIXELS,
  IMAGE_TOO_MANY_PIXELS_MESSAGE,
  MAX_UNFINISHED_UPLOADS,
  UPLOAD_TOO_MANY_UNFINISHED_MESSAGE,
} from '../uploads/uploads';

/**
 * A message that names a limit is written out with its number (`msg('… at most 100 characters.')`),
 * so the API can answer it in the reader's language as a catalogue source. These keep each such
 * message saying the limit its constant holds.
 */
const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => issue.message);
};
const naming = (limit: number) => expect.arrayContaining([expect.stringContaining(` ${limit} `)]);

describe('messages with a limit in them', () => {
  it('say the limits of their constants', () => {
    expect(PASSWORD_TOO_SHORT_MESSAGE).toContain(` ${PASSWORD_MIN_LENGTH} `);
    expect(UPLOAD_TOO_MANY_UNFINISHED_MESSAGE).toContain(` ${MAX_UNFINISHED_UPLOADS} `);
    expect(IMAGE_TOO_MANY_PIXELS_MESSAGE).toContain(`${IMAGE_MAX_SIDE_PIXELS} × ${IMAGE_MAX_SIDE_PIXELS}`);
    expect(ID_MESSAGE).toContain(`${INT32_MAX}.`);
    expect(LIBRARY_MESSAGES.playlistFull).toContain(` ${PLAYLIST_MAX_TRACKS} `);
  });

  it('are what the schemas answer', () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    expect(messagesOf(createPlaylistRequestSchema, { name: long(PLAYLIST_NAME_MAX) })).toEqual(
      naming(PLAYLIST_NAME_MAX),
    );
    expect(
      messagesOf(createPlaylistRequestSchema, { name: 'Mix', description: long(PLAYLIST_DESCRIPTION_MAX) }),
    ).toEqual(naming(PLAYLIST_DESCRIPTION_MAX));
    expect(messagesOf(twoFactorCodeRequestSchema, { code: '1' })).toEqual(naming(TWO_FACTOR_CODE_LENGTH));
    expect(messagesOf(recoveryCodeRequestSchema, { recovery_code: '1' })).toEqual(
      naming(RECOVERY_CODE_LENGTH),
    );
    expect(
      messagesOf(registerRequestSchema, {
        email: 'a@example.test',
        password: 'password1',
        password_confirmation: 'password1',
        display_name: long(DISPLAY_NAME_MAX),
      }),
    ).toEqual(naming(DISPLAY_NAME_MAX));
    for (const field of ['name', 'email', 'message'] as const) {
      const value = {
        name: 'Abebe',
        email: 'a@example.test',
        message: 'Hello',
        [field]: long(CONTACT_LIMITS[field]),
      };
      expect(messagesOf(contactRequestSchema, value)).toEqual(naming(CONTACT_LIMITS[field]));
    }
    expect(
      messagesOf(grantSubscriptionRequestSchema, { user_id: 1, product_id: 1, days: MAX_GRANT_DAYS + 1 }),
    ).toEqual(naming(MAX_GRANT_DAYS));
    expect(messagesOf(refundPaymentRequestSchema, { reason: long(MAX_REFUND_REASON) })).toEqual(
      naming(MAX_REFUND_REASON),
    );
    expect(
      messagesOf(createBackstageRequestSchema, {
        type: 'become_artist',
        artist_name: 'Abebe',
        role: 'artist',
        links: Array.from({ length: BACKSTAGE_MAX_LINKS + 1 }, (_, i) => `https://example.com/${i}`),
      }),
    ).toEqual(naming(BACKSTAGE_MAX_LINKS));
    expect(
      messagesOf(analyticsQuerySchema, { range: 'custom', from: '2024-01-01', to: '2026-01-01' }),
    ).toEqual(naming(ANALYTICS_CUSTOM_MAX_DAYS));
  });
});
