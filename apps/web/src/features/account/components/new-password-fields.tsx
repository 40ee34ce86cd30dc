import type { FieldValues } from 'react-hook-form';
import { useTrans } from '#src/lib/i18n';
import { FormTextField } from '#src/ui/field';

/** The fields every form that sets a password has (SPEC §7 `password`, `password_confirmation`). */
type NewPasswordValues = FieldValues & { password: string; password_confirmation: string };

/**
 * The new password and its confirmation, as registration, the password reset and the password
 * panel ask for them: password fields the browser offers to generate and save (`new-password`),
 * bound to the surrounding `<Form>`; the form's schema (`confirmedPassword`) checks they match.
 */
export function NewPasswordFields({ passwordLabel }: { passwordLabel: string }) {
  const { trans } = useTrans();
  return (
    <>
      <FormTextField<NewPasswordValues>
        name="password"
        type="password"
        label={passwordLabel}
        autoComplete="new-password"
      />
      <FormTextField<NewPasswordValues>
        name="password_confirmation"
        type="password"
        label={trans('Confirm password')}
        autoComplete="new-password"
      />
    </>
  );
}
