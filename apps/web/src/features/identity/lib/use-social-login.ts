import {
  type BootstrapData,
  SOCIAL_SERVICES,
  type SocialLoginResult,
  type SocialService,
} from '@zema/contracts';
import { useCallback, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { afterLoginTarget, useAfterLoginTarget } from '#src/lib/after-login';
import { authFrom, setBootstrapData, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { toast } from '#src/ui/toast';
import { openSocialPopup, type SocialPopupMode } from './social-popup';
import { enabledMessage, SOCIAL_TEXTS } from './social-texts';

export interface SocialLoginOptions {
  /**
   * A workspace invitation (the join pages): sent with the login, which joins it once signed in,
   * and `onSignedIn` takes over from the after-login target (it confirms the join and goes on).
   */
  invite?: { id: string; onSignedIn: (data: BootstrapData) => void | Promise<void> } | null;
}

/**
 * Social login and connect through the provider popup (SPEC §4):
 * SUCCESS stores the bootstrap data and goes on to the after-login target (connect: toast
 * 'Enabled :service account'); REQUEST_PASSWORD sets `passwordRequest` so the password dialog opens;
 * ERROR shows the message or the default; ALREADY_LOGGED_IN goes to the target. Closing the popup
 * does nothing.
 */
export function useSocialLogin({ invite = null }: SocialLoginOptions = {}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const settings = useSettings();
  const currentTarget = useAfterLoginTarget();
  const { trans } = useTrans();
  const [pendingService, setPendingService] = useState<SocialService | null>(null);
  const [passwordRequest, setPasswordRequest] = useState<SocialService | null>(null);
  const busy = useRef(false);

  /** A login finished (popup SUCCESS or the password dialog): new session, then the target. */
  const finishLogin = useCallback(
    async (data: BootstrapData) => {
      if (invite) {
        await invite.onSignedIn(data);
        return;
      }
      const target = afterLoginTarget({
        redirect: params.get('redirect'),
        auth: authFrom(data),
        billingEnabled: data.settings.billing.enable,
      });
      setBootstrapData(data, { clearQueryCache: true });
      await navigate(target, { replace: true });
    },
    [navigate, params, invite],
  );

  const handle = useCallback(
    async (service: SocialService, mode: SocialPopupMode, result: SocialLoginResult | null) => {
      if (!result) return;
      switch (result.status) {
        case 'SUCCESS':
          if (mode === 'connect') {
            setBootstrapData(result.bootstrapData);
            toast.positive(enabledMessage(service, trans));
          } else {
            await finishLogin(result.bootstrapData);
          }
          return;
        case 'REQUEST_PASSWORD':
          setPasswordRequest(result.service);
          return;
        case 'ERROR':
          toast.danger(trans(result.message || SOCIAL_TEXTS.error));
          return;
        case 'ALREADY_LOGGED_IN':
          await navigate(currentTarget, { replace: true });
          return;
      }
    },
    [finishLogin, navigate, currentTarget, trans],
  );

  const run = useCallback(
    async (service: SocialService, mode: SocialPopupMode) => {
      if (busy.current) return null;
      busy.current = true;
      setPendingService(service);
      try {
        const result = await openSocialPopup(service, mode, { inviteId: invite?.id });
        await handle(service, mode, result);
        return result;
      } finally {
        busy.current = false;
        setPendingService(null);
      }
    },
    [handle, invite?.id],
  );

  return {
    /** Opens the login popup for `service`; resolves with its result (null when closed). */
    loginWithSocial: useCallback((service: SocialService) => run(service, 'login'), [run]),
    /** Opens the connect popup (account settings) for the signed-in user. */
    connectSocial: useCallback((service: SocialService) => run(service, 'connect'), [run]),
    /** The service whose popup is open. */
    pendingService,
    /** Set when REQUEST_PASSWORD asked for the existing account's password. */
    passwordRequest,
    closePasswordRequest: useCallback(() => setPasswordRequest(null), []),
    finishLogin,
    enabledServices: SOCIAL_SERVICES.filter((s) => settings.social[s]?.enable),
  };
}
