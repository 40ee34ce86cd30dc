import { confirmPasswordRequestSchema } from '@zema/contracts';
import { PasswordDialog } from '#src/components/password-dialog';
import { applyServerErrors } from '#src/ui/form-errors';
import { useConfirmPassword } from '../api/confirm-password';

export const CONFIRM_PASSWORD_TEXTS = {
  title: 'Confirm password',
  description: 'For your security, please confirm your password to continue.',
  required: 'The password field is required.',
} as const;

export interface ConfirmPasswordDialogProps {
  isOpen: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Asks for the current password and confirms it with the server (SPEC §4 Password confirmation). */
export function ConfirmPasswordDialog({ isOpen, onConfirmed, onCancel }: ConfirmPasswordDialogProps) {
  const confirm = useConfirmPassword();
  return (
    <PasswordDialog
      isOpen={isOpen}
      title={CONFIRM_PASSWORD_TEXTS.title}
      description={CONFIRM_PASSWORD_TEXTS.description}
      schema={confirmPasswordRequestSchema}
      submitLabel="Confirm"
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
