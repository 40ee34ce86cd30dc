import type { ContactMessage } from '@zema/contracts/contact/contact-admin';
import type { TransFn } from '#src/lib/i18n';

/**
 * Reply by mail: the sender's address, "Re: …" as the subject and their words quoted below, in
 * the admin's own mail app. Long messages are cut, since mail apps refuse very long `mailto:` links.
 */
export function replyHref(
  m: Pick<ContactMessage, 'email' | 'message' | 'name'>,
  siteName: string,
  trans: TransFn,
): string {
  const quoted = m.message
    .slice(0, 1500)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  const subject = trans('Re: Your message to {siteName}', { siteName });
  const body = `\n\n${trans('{name} wrote:', { name: m.name })}\n${quoted}`;
  // The address as it is (an encoded @ confuses some mail apps), only odd characters escaped.
  const to = m.email.replace(/[^A-Za-z0-9@._+-]/g, (c) => encodeURIComponent(c));
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
