import {
  SOCIAL_POPUP_MESSAGE_TYPE,
  type SocialLoginResult,
  type SocialService,
  socialLoginResultSchema,
} from '@zema/contracts';
import { SOCIAL_TEXTS } from './social-texts';

/** SPEC §9: the popup is 650×550 and checked for being closed every second. */
export const SOCIAL_POPUP_WIDTH = 650;
export const SOCIAL_POPUP_HEIGHT = 550;
export const SOCIAL_POPUP_POLL_MS = 1000;

export type SocialPopupMode = 'login' | 'connect';

/** What a login popup carries to the server: a workspace invitation to join once signed in. */
export interface SocialPopupOptions {
  inviteId?: string | null;
}

export function socialPopupUrl(
  service: SocialService,
  mode: SocialPopupMode,
  { inviteId }: SocialPopupOptions = {},
): string {
  const query = mode === 'login' && inviteId ? `?invite=${encodeURIComponent(inviteId)}` : '';
  return `/secure/auth/social/${service}/${mode}${query}`;
}

/** Window features that centre a 650×550 popup over the current window. */
export function socialPopupFeatures(win: Window = window): string {
  const left = Math.round(win.screenX + (win.outerWidth - SOCIAL_POPUP_WIDTH) / 2);
  const top = Math.round(win.screenY + (win.outerHeight - SOCIAL_POPUP_HEIGHT) / 2);
  return `width=${SOCIAL_POPUP_WIDTH},height=${SOCIAL_POPUP_HEIGHT},left=${Math.max(left, 0)},top=${Math.max(top, 0)}`;
}

/**
 * Opens the provider popup and resolves with the result it posts back, or with null when the user
 * closes it first (SPEC §4). Only messages from this app's own origin with the popup message type
 * are accepted: any other window can post to us, and must not be able to log us in or out.
 */
export function openSocialPopup(
  service: SocialService,
  mode: SocialPopupMode,
  options: SocialPopupOptions = {},
): Promise<SocialLoginResult | null> {
  const popup = window.open(
    socialPopupUrl(service, mode, options),
    `zema-social-${service}`,
    socialPopupFeatures(),
  );
  if (!popup) return Promise.resolve({ status: 'ERROR', message: SOCIAL_TEXTS.popupBlocked });
  popup.focus?.();

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SocialLoginResult | null) => {
      if (settled) return;
      settled = true;
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data: unknown = event.data;
      if (
        !data ||
        typeof data !== 'object' ||
        (data as { type?: unknown }).type !== SOCIAL_POPUP_MESSAGE_TYPE
      ) {
        return;
      }
      const parsed = socialLoginResultSchema.safeParse((data as { result?: unknown }).result);
      finish(parsed.success ? parsed.data : { status: 'ERROR', message: null });
    };
    const timer = window.setInterval(() => {
      if (popup.closed) finish(null);
    }, SOCIAL_POPUP_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}
