import type { ReactNode } from 'react';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';

/** True when the signed-in user must verify their email before using anything (SPEC §2). */
export function useNeedsEmailVerification(): boolean {
  const settings = useSettings();
  const { user } = useAuth();
  return settings.require_email_confirmation && !!user && !user.email_verified_at;
}

interface EmailVerificationGateProps {
  /** The verification screen (logo, 'Verify your email', masked email, code field, resend link, logout). */
  screen: ReactNode;
  children: ReactNode;
}

/** When the email must be verified, every route shows only the verification screen. */
export function EmailVerificationGate({ screen, children }: EmailVerificationGateProps) {
  const needsVerification = useNeedsEmailVerification();
  if (needsVerification) return <>{screen}</>;
  return <>{children}</>;
}
