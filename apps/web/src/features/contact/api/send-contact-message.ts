import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@zema/contracts/contact/contact';
import { contact } from '@zema/contracts/contact/contact.operations';
import { api } from '#src/lib/api-client';

/** SPEC §7 `POST contact-page {name, email, message}` → {message}: stored, then mailed. */
export async function sendContactMessage(body: ContactRequest) {
  return api.call(contact.send, { body });
}

/** The form shows the outcome itself: field errors on their fields, the rest as a toast. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage, meta: { handlesErrors: true } });
}
