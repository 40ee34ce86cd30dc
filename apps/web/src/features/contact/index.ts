/**
 * The contact feature's face: the contact page (SPEC §2 `contact`) and the admin's messages; both
 * pages load by route, so nothing else is shared yet.
 */
export { sendContactMessage } from './api/send-contact-message';
