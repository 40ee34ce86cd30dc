import { zodResolver } from '@hookform/resolvers/zod';
import { confirmedPassword, msg, updatePasswordRequestSchema } from '@zema/contracts';
import { useForm } from 'react-hook-form';
import { Trans, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useUpdatePassword } from '../api/update-password';
import { ACCOUNT_TEXTS } from '../lib/account-texts';
import { NewPasswordFields } from './new-password-fields';
import { SettingsPanel } from './settings-panel';

interface Values {
  current_password: string;
  password: string;
  password_confirmation: string;
}

const empty: Values = { current_password: '', password: '', password_confirmation: '' };

/** PUT auth/user/password; the server ends the other sessions. Field errors land on their fields. */
export function PasswordPanel() {
  const update = useUpdatePassword();
  const { trans } = useTrans();
  const form = useForm<Values>({
    resolver: zodResolver(updatePasswordRequestSchema.superRefine(confirmedPassword)),
    defaultValues: empty,
  });

  const onSubmit = (values: Values) => {
    update.mutate(values, {
      onSuccess: () => {
        form.reset(empty);
        toast.positive(trans(ACCOUNT_TEXTS.passwordUpdated));
      },
      onError: (error) => applyServerErrors(form, error),
    });
  };

  return (
    <SettingsPanel
      id="password"
      title={msg('Update password')}
      description={msg(
        'Use a long, random password to stay secure. Other devices are signed out when it changes.',
      )}
    >
      <Form form={form} onSubmit={onSubmit} aria-label={trans('Update password')} className="max-w-md">
        <FormTextField<Values>
          name="current_password"
          type="password"
          label={trans('Current password')}
          autoComplete="current-password"
        />
        <NewPasswordFields passwordLabel={trans('New password')} />
        <div>
          <Button type="submit" isPending={update.isPending}>
            <Trans message="Update password" />
          </Button>
        </div>
      </Form>
    </SettingsPanel>
  );
}
