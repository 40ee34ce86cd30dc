import { type ClientSettings, msg } from '@zema/contracts';
import { verifyHuman } from '../api/verify-human';

/**
 * Human verification before a protected submit (SPEC §5): the provider's script gives a token in
 * the browser, the server checks it with POST recaptcha/verify. reCAPTCHA v3 is score-based and
 * invisible; Cloudflare Turnstile renders an invisible (or interaction-only) widget.
 */

export const HUMAN_VERIFICATION_FAILED = msg('Could not verify you are human.');

interface ReCaptcha {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
}

interface Turnstile {
  render: (
    container: HTMLElement,
    options: {
      sitekey: string;
      action?: string;
      appearance?: 'always' | 'execute' | 'interaction-only';
      callback: (token: string) => void;
      'error-callback': () => void;
      'timeout-callback'?: () => void;
    },
  ) => string | undefined;
  remove: (widgetId: string) => void;
}

declare global {
  interface Window {
    grecaptcha?: ReCaptcha;
    turnstile?: Turnstile;
  }
}

const scripts = new Map<string, Promise<void>>();

function loadScript(src: string): Promise<void> {
  let pending = scripts.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.append(script);
    });
    scripts.set(src, pending);
  }
  return pending;
}

async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  if (!window.grecaptcha) {
    await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  }
  const grecaptcha = window.grecaptcha;
  if (!grecaptcha) throw new Error('reCAPTCHA did not load');
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}

async function turnstileToken(siteKey: string, action: string, container: HTMLElement): Promise<string> {
  if (!window.turnstile) {
    await loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit');
  }
  const turnstile = window.turnstile;
  if (!turnstile) throw new Error('Turnstile did not load');
  let widgetId: string | undefined;
  try {
    return await new Promise<string>((resolve, reject) => {
      widgetId = turnstile.render(container, {
        sitekey: siteKey,
        action,
        appearance: 'interaction-only',
        callback: resolve,
        'error-callback': () => reject(new Error('Turnstile failed')),
        'timeout-callback': () => reject(new Error('Turnstile timed out')),
      });
    });
  } finally {
    if (widgetId) turnstile.remove(widgetId);
  }
}

/**
 * Runs the configured provider and asks the server to check its token. Resolves true when the
 * visitor passed; false for any failure (script blocked, provider error, server said no).
 */
export async function verifyHumanWithProvider(
  settings: ClientSettings['human_verification'],
  action: string,
  container: HTMLElement | null,
): Promise<boolean> {
  const { provider, site_key } = settings;
  if (!provider || !site_key) return false;
  try {
    let token: string;
    if (provider === 'recaptcha') token = await recaptchaToken(site_key, action);
    else if (container) token = await turnstileToken(site_key, action, container);
    else return false;
    return await verifyHuman({ token });
  } catch {
    return false;
  }
}
