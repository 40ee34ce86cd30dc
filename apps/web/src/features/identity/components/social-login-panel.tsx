import { msg, type SocialService } from '@zema/contracts';
import { ACCOUNT_TEXTS, SettingsPanel } from '#src/features/account';
import { setBootstrapData, useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { toast } from '#src/ui/toast';
import { useDisconnectSocial } from '../api/disconnect-social';
import { enabledMessage, SOCIAL_LABELS } from '../lib/social-texts';
import { useSocialLogin } from '../lib/use-social-login';
import { RequestPasswordDialog } from './request-password-dialog';
import { SocialIcon } from './social-icons';

/**
 * One row per enabled provider: connected username or 'Not connected', Connect (popup in connect
 * mode) or Disconnect. The connected state comes from the bootstrap user, which both hooks update.
 */
export function SocialLoginPanel() {
  const social = useSocialLogin();
  const { trans } = useTrans();
  if (social.enabledServices.length === 0) return null;
  return (
    <SettingsPanel
      id="social-login"
      title={msg('Social login')}
      description={msg('Sign in with a third-party account instead of your email and password.')}
    >
      <ul className="flex flex-col divide-y divide-divider">
        {social.enabledServices.map((service) => (
          <SocialRow
            key={service}
            service={service}
            isConnecting={social.pendingService === service}
            onConnect={() => void social.connectSocial(service)}
          />
        ))}
      </ul>
      <RequestPasswordDialog
        isOpen={social.passwordRequest !== null}
        onClose={social.closePasswordRequest}
        onConnected={(data) => {
          const service = social.passwordRequest;
          setBootstrapData(data);
          if (service) toast.positive(enabledMessage(service, trans));
        }}
      />
    </SettingsPanel>
  );
}

function SocialRow({
  service,
  isConnecting,
  onConnect,
}: {
  service: SocialService;
  isConnecting: boolean;
  onConnect: () => void;
}) {
  const { user } = useAuth();
  const { trans } = useTrans();
  const disconnect = useDisconnectSocial(service);
  const profile = user?.social_profiles.find((p) => p.service_name === service);
  const label = SOCIAL_LABELS[service];
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full border border-divider">
        <SocialIcon service={service} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium">{label}</p>
        <p className="truncate text-sm text-muted">
          {profile ? profile.username || trans('Connected') : trans(ACCOUNT_TEXTS.notConnected)}
        </p>
      </div>
      {profile ? (
        <Button
          variant="outline"
          size="sm"
          isPending={disconnect.isPending}
          aria-label={trans('Disconnect {service}', { service: label })}
          onPress={() => disconnect.mutate()}
        >
          {trans('Disconnect')}
        </Button>
      ) : (
        <Button
          variant="outline"
          size="sm"
          isPending={isConnecting}
          aria-label={trans('Connect {service}', { service: label })}
          onPress={onConnect}
        >
          {trans('Connect')}
        </Button>
      )}
    </li>
  );
}
