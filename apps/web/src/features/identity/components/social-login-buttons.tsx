import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { SOCIAL_LABELS } from '../lib/social-texts';
import { type SocialLoginOptions, useSocialLogin } from '../lib/use-social-login';
import { RequestPasswordDialog } from './request-password-dialog';
import { SocialIcon } from './social-icons';

export interface SocialLoginButtonsProps extends SocialLoginOptions {
  className?: string;
}

/**
 * One 'Continue with …' button per provider the server has turned on; nothing when none is.
 * The login and register pages render it under their forms; the workspace join pages pass their
 * invitation, which the sign-in joins.
 */
export function SocialLoginButtons({ className, invite }: SocialLoginButtonsProps) {
  const social = useSocialLogin({ invite });
  const { trans } = useTrans();
  if (social.enabledServices.length === 0) return null;
  return (
    <div className={cx('flex flex-col gap-2.5', className)}>
      {social.enabledServices.map((service) => (
        <Button
          key={service}
          variant="outline"
          fullWidth
          startIcon={<SocialIcon service={service} />}
          isPending={social.pendingService === service}
          isDisabled={social.pendingService !== null && social.pendingService !== service}
          onPress={() => void social.loginWithSocial(service)}
        >
          {trans('Continue with {provider}', { provider: SOCIAL_LABELS[service] })}
        </Button>
      ))}
      <RequestPasswordDialog
        isOpen={social.passwordRequest !== null}
        onClose={social.closePasswordRequest}
        onConnected={social.finishLogin}
      />
    </div>
  );
}
