import { humanVerificationRequestSchema, humanVerificationResponseSchema } from '../auth';
import { defineOperations } from '../operation';

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
