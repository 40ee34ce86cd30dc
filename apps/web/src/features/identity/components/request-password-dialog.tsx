import { type BootstrapData, socialConnectRequestSchema } from '@zema/contracts';
import { PasswordDialog } from '#src/components/password-dialog';
import { useTrans } from '#src/lib/i18n';
import { applyServerErrors } from '#src/ui/form-errors';
import { useConnectSocial } from '../api/connect-social';
import { SOCIAL_TEXTS } from '../lib/social-texts';

export interface RequestPasswordDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** Called with the new session once the accounts are connected. */
  onConnected: (data: BootstrapData) => void | Promise<void>;
}

/**
 * REQUEST_PASSWORD (SPEC §4, §5): the provider's email belongs to an existing account, which is
 * linked only after its password is entered.
 */
export function RequestPasswordDialog({ isOpen, onClose, onConnected }: RequestPasswordDialogProps) {
  const connect = useConnectSocial();
  const { trans } = useTrans();
  return (
    <PasswordDialog
      isOpen={isOpen}
      title={trans('Connect accounts')}
      description={trans(SOCIAL_TEXTS.requestPassword)}
      schema={socialConnectRequestSchema}
      submitLabel={trans('Connect')}
      isPending={connect.isPending}
      onCancel={onClose}
      onSubmit={(password, form) =>
        connect.mutate(password, {
          onSuccess: async ({ bootstrapData }) => {
            onClose();
            await onConnected(bootstrapData);
          },
          onError: (error) => applyServerErrors(form, error),
        })
      }
    />
  );
}
