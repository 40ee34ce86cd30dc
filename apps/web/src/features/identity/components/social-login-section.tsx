import { SOCIAL_SERVICES } from '@zema/contracts';
import { useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
// The one agreed cross-feature import: the social feature's public buttons component.
import { SocialLoginButtons, type SocialLoginButtonsProps } from './social-login-buttons';

/** 'or' and the social login buttons under the login and register forms, when a provider is on. */
export function SocialLoginSection({ invite }: Pick<SocialLoginButtonsProps, 'invite'>) {
  const { social } = useSettings();
  const { trans } = useTrans();
  if (!SOCIAL_SERVICES.some((service) => social[service].enable)) return null;
  return (
    <div className="mt-6">
      <div className="mb-6 flex items-center gap-3 text-xs text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-divider" />
        {trans('or')}
        <span className="h-px flex-1 bg-divider" />
      </div>
      <SocialLoginButtons invite={invite} />
    </div>
  );
}
