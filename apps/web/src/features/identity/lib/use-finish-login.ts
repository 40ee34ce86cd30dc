import type { BootstrapData } from '@zema/contracts';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { afterLoginTarget } from '#src/lib/after-login';
import { authFrom, setBootstrapData } from '#src/lib/bootstrap-store';
import { checkoutPath, clearOnboardingChoice, readOnboardingChoice } from '#src/lib/onboarding-choice';

/**
 * Login, two-factor and registration success (SPEC §4): the answer's bootstrap data replaces the
 * session and the cache, then the app goes to the after-login target, judged with the new
 * session's permissions (admins → /admin). A saved onboarding choice is
 * used once (and kept when registration still needs the email verified).
 */
export function useFinishLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return useCallback(
    async (data: BootstrapData, { to }: { to?: string } = {}) => {
      const choice = readOnboardingChoice();
      const target =
        to ??
        afterLoginTarget({
          redirect,
          auth: authFrom(data),
          billingEnabled: data.settings.billing.enable,
        });
      setBootstrapData(data, { clearQueryCache: true });
      // GuestOnly around /login may redirect to the same target as soon as the session changes;
      // the choice is cleared only after navigating so both agree on where to go.
      await navigate(target, { replace: true });
      if (choice && target === checkoutPath(choice)) clearOnboardingChoice();
    },
    [navigate, redirect],
  );
}
