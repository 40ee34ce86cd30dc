/**
 * The address typed at sign-up, kept for this tab only: the verification screen shows it whole
 * (a typo must be visible to be put right), while a later visit shows it masked (SPEC §2).
 */
const KEY = 'zema.sign-up-email';

export function rememberSignUpEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email.trim().toLowerCase());
  } catch {
    // Storage refused (private mode): the screen shows the masked address.
  }
}

export function readSignUpEmail(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}
