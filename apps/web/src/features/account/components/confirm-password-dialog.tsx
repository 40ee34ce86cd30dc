import { confirmPasswordRequestSchema, msg } from '@zema/contracts';
import { PasswordDialog } from '#src/components/password-dialog';
import { useTrans } from '#src/lib/i18n';
import { applyServerErrors } from '#src/ui/form-errors';
import { useConfirmPassword } from '../api/confirm-password';

export const CONFIRM_PASSWORD_TEXTS = {
  title: msg('Confirm password'),
  description: msg('For your security, please confirm your password to continue.'),
  required: msg('The password field is required.'),
} as const;

export interface ConfirmPasswordDialogProps {
  isOpen: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Asks for the current password and confirms it with the server (SPEC §4 Password confirmation). */
export function ConfirmPasswordDialog({ isOpen, onConfirmed, onCancel }: ConfirmPasswordDialogProps) {
  const confirm = useConfirmPassword();
  const { trans } = useTrans();
  return (
    <PasswordDialog
      isOpen={isOpen}
      title={trans(CONFIRM_PASSWORD_TEXTS.title)}
      description={trans(CONFIRM_PASSWORD_TEXTS.description)}
      schema={confirmPasswordRequestSchema}
      submitLabel={trans('Confirm')}
      isPending={confirm.isPending}
      onCancel={onCancel}
      onSubmit={(password, form) =>
        confirm.mutate(password, {
          onSuccess: () => onConfirmed(),
          onError: (error) => applyServerErrors(form, error),
        })
      }
    />
  );
}
