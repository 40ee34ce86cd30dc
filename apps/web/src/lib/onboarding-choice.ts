import { paths } from './paths';

/**
 * A plan picked before the visitor had an account (SPEC §4): pricing saves it, and the first
 * login or registration afterwards continues to /checkout/{productId}/{priceId}.
 */
export const ONBOARDING_CHOICE_STORAGE_KEY = 'be-onboarding-choice';

export interface OnboardingChoice {
  productId: string | number;
  priceId: string | number;
}

function isId(value: unknown): value is string | number {
  return (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));
}

export function readOnboardingChoice(): OnboardingChoice | null {
  try {
    const raw = localStorage.getItem(ONBOARDING_CHOICE_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return null;
    const { productId, priceId } = parsed as Record<string, unknown>;
    return isId(productId) && isId(priceId) ? { productId, priceId } : null;
  } catch {
    return null;
  }
}

export function saveOnboardingChoice(choice: OnboardingChoice): void {
  try {
    localStorage.setItem(ONBOARDING_CHOICE_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Storage can be unavailable (private mode quotas); the choice is a convenience only.
  }
}

export function clearOnboardingChoice(): void {
  try {
    localStorage.removeItem(ONBOARDING_CHOICE_STORAGE_KEY);
  } catch {
    // See saveOnboardingChoice.
  }
}

export function checkoutPath(choice: OnboardingChoice): string {
  return paths.checkout(choice);
}
