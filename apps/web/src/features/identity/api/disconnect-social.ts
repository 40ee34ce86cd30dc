import { useMutation } from '@tanstack/react-query';
import { DEFAULT_ERROR_MESSAGE, type SocialService } from '@zema/contracts';
import { social } from '@zema/contracts/identity/social.operations';
import { api } from '#src/lib/api-client';
import { ApiError } from '#src/lib/api-error';
import { setBootstrapData } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { toast } from '#src/ui/toast';
import { disabledMessage } from '../lib/social-texts';

/** POST secure/auth/social/{service}/disconnect {service} → {bootstrapData} (SPEC §7). */
export async function disconnectSocial(service: SocialService) {
  return api.call(social.disconnect, { params: { service }, body: { service } });
}

/** Unlinks `service` from the signed-in user: 'Disabled :service account', or an error toast (SPEC §8). */
export function useDisconnectSocial(service: SocialService) {
  const { trans } = useTrans();
  return useMutation({
    mutationFn: () => disconnectSocial(service),
    meta: { handlesErrors: true },
    onSuccess: ({ bootstrapData }) => {
      setBootstrapData(bootstrapData);
      toast.positive(disabledMessage(service, trans));
    },
    onError: (error) => {
      // The server says why it refused (e.g. the only way to sign in); anything else is generic.
      toast.danger(
        error instanceof ApiError && error.status === 422 ? error.message : trans(DEFAULT_ERROR_MESSAGE),
      );
    },
  });
}
