import { z } from 'zod';
import { msg } from '../i18n/messages';
import { HUMAN_VERIFICATION_TOKEN_FIELD } from '../identity/auth';

/** Limits of a contact message (SPEC §3 Contact message: name, email, message). */
export const CONTACT_LIMITS = {
  name: 100,
  /** RFC 5321 allows 254; the column and the form take 255 like the rest of the app's emails. */
  email: 255,
  message: 5000,
} as const;

/** What the form says once the message is stored (the mail may still be on its way). */
export const CONTACT_SENT_MESSAGE = msg('Thanks! Your message was sent.');

/**
 * SPEC §7 `POST contact-page {name, email, message}`. Every field is required (SPEC §5). A
 * browser that passed human verification a moment ago sends nothing more; otherwise the provider's
 * token may come along as `recaptcha_token` (checked when the admin requires verification).
 */
export const contactRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, msg('The name field is required.'))
    .max(CONTACT_LIMITS.name, msg('The name may have at most 100 characters.'))
    // It goes into a mail's subject: one line only.
    .regex(/^[^\r\n]*$/, msg('The name must be on one line.')),
  email: z
    .string()
    .trim()
    .min(1, msg('The email field is required.'))
    .max(CONTACT_LIMITS.email, msg('The email may have at most 255 characters.'))
    .email(msg('Enter a valid email address.')),
  message: z
    .string()
    .trim()
    .min(1, msg('The message field is required.'))
    .max(CONTACT_LIMITS.message, msg('The message may have at most 5000 characters.')),
  [HUMAN_VERIFICATION_TOKEN_FIELD]: z.string().max(4096).optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
