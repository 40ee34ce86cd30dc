import { z } from 'zod';
import { defineOperations } from '../operation';
import {
  recoveryCodesResponseSchema,
  twoFactorConfirmRequestSchema,
  twoFactorQrCodeResponseSchema,
  twoFactorStatusResponseSchema,
} from './auth';

/** An empty JSON body, or none. */
const emptyBodySchema = z.object({}).optional();

/** Two-factor setup under /auth/user (each needs a recently confirmed password). */
export const twoFactor = defineOperations('Auth', {
  enable: {
    method: 'POST',
    path: '/auth/user/two-factor-authentication',
    access: 'user',
    response: twoFactorStatusResponseSchema,
    summary: 'Start two-factor setup',
  },
  disable: {
    method: 'DELETE',
    path: '/auth/user/two-factor-authentication',
    access: 'user',
    response: twoFactorStatusResponseSchema,
    summary: 'Turn two-factor authentication off',
  },
  qrCode: {
    method: 'GET',
    path: '/auth/user/two-factor/qr-code',
    access: 'user',
    response: twoFactorQrCodeResponseSchema,
    summary: 'Two-factor QR code and secret',
  },
  confirm: {
    method: 'POST',
    path: '/auth/user/confirmed-two-factor-authentication',
    access: 'user',
    body: twoFactorConfirmRequestSchema,
    response: recoveryCodesResponseSchema,
    summary: 'Confirm two-factor setup with a code',
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/auth/user/two-factor-recovery-codes',
    access: 'user',
    body: emptyBodySchema,
    response: recoveryCodesResponseSchema,
    summary: 'Regenerate recovery codes',
  },
});
