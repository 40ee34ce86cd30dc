import type { BootstrapData } from '@zema/contracts';
import { useForm } from 'react-hook-form';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { useConnectSocial } from './connect-social';
import { SOCIAL_TEXTS } from './social-texts';

interface PasswordValues {
  password: string;
}

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
  const form = useForm<PasswordValues>({ defaultValues: { password: '' } });

  const onSubmit = (values: PasswordValues) => {
    connect.mutate(values.password, {
      onSuccess: async ({ bootstrapData }) => {
        form.reset();
        onClose();
        await onConnected(bootstrapData);
      },
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <Dialog
      title="Connect accounts"
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Form form={form} onSubmit={onSubmit}>
        <p className="text-sm text-muted">{SOCIAL_TEXTS.requestPassword}</p>
        <FormTextField<PasswordValues>
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          autoFocus
          rules={{ required: SOCIAL_TEXTS.passwordRequired }}
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" isPending={connect.isPending}>
            Connect
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
