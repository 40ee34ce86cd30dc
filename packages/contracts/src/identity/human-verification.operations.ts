import { defineOperations } from '../operation';
import { humanVerificationRequestSchema, humanVerificationResponseSchema } from './auth';

export const humanVerification = defineOperations('Human verification', {
  verify: {
    method: 'POST',
    path: '/api/v1/recaptcha/verify',
    access: 'guest',
    body: humanVerificationRequestSchema,
    response: humanVerificationResponseSchema,
    summary: 'Verify a human-verification (reCAPTCHA / Turnstile) token',
  },
});
