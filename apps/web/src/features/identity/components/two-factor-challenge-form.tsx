import { zodResolver } from '@hookform/resolvers/zod';
import type { BootstrapData } from '@zema/contracts';
import {
  msg,
  RECOVERY_CODE_LENGTH,
  recoveryCodeRequestSchema,
  TWO_FACTOR_CODE_LENGTH,
  twoFactorCodeRequestSchema,
} from '@zema/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Form, FormTextField } from '#src/ui/field';
import { useTwoFactorChallenge } from '../api/two-factor-challenge';
import { handleFormError } from '../lib/form-error';
import { useFinishLogin } from '../lib/use-finish-login';
import { TextButton } from './text-link';

const codeForm = z.object({ code: twoFactorCodeRequestSchema.shape.code, recovery_code: z.string() });
const recoveryForm = z.object({
  code: z.string(),
  recovery_code: recoveryCodeRequestSchema.shape.recovery_code,
});
type ChallengeValues = z.input<typeof codeForm>;

export const TWO_FACTOR_TEXTS = {
  heading: msg('Two-factor authentication'),
  code: msg(
    'Confirm access to your account by entering the authentication code provided by your authenticator application.',
  ),
  recovery: msg('Confirm access to your account by entering one of your emergency recovery codes.'),
  useRecovery: msg('Use a recovery code'),
  useCode: msg('Use an authentication code'),
} as const;

/**
 * SPEC §4 two-factor challenge, shown in the login card after `{two_factor: true}`: a 6-character
 * authentication code, or (toggled) a 21-character recovery code. Success finishes the login, or
 * hands the new session to `onSignedIn` (a workspace join page joins first).
 */
export function TwoFactorChallengeForm({ onSignedIn }: { onSignedIn?: (data: BootstrapData) => void } = {}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const { trans } = useTrans();
  const challenge = useTwoFactorChallenge();
  const finishLogin = useFinishLogin();
  // The contract's rule for whichever code is asked for; the other field is not checked.
  const form = useForm<ChallengeValues>({
    resolver: zodResolver(useRecovery ? recoveryForm : codeForm),
    defaultValues: { code: '', recovery_code: '' },
  });

  const onSubmit = (values: ChallengeValues) => {
    const payload = useRecovery
      ? { recovery_code: values.recovery_code.trim() }
      : { code: values.code.trim() };
    challenge.mutate(payload, {
      onSuccess: (data) => (onSignedIn ? onSignedIn(data) : finishLogin(data)),
      onError: (error) => handleFormError(form, error),
    });
  };

  const toggle = () => {
    form.clearErrors();
    setUseRecovery((v) => !v);
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">
        {trans(useRecovery ? TWO_FACTOR_TEXTS.recovery : TWO_FACTOR_TEXTS.code)}
      </p>
      <Form form={form} onSubmit={onSubmit}>
        {useRecovery ? (
          <FormTextField<ChallengeValues>
            key="recovery_code"
            name="recovery_code"
            label={trans('Recovery code')}
            autoComplete="one-time-code"
            autoFocus
            maxLength={RECOVERY_CODE_LENGTH}
          />
        ) : (
          <FormTextField<ChallengeValues>
            key="code"
            name="code"
            label={trans('Code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={TWO_FACTOR_CODE_LENGTH}
          />
        )}
        <Button type="submit" fullWidth isPending={challenge.isPending}>
          {trans('Continue')}
        </Button>
      </Form>
      <TextButton className="self-center" onPress={toggle}>
        {trans(useRecovery ? TWO_FACTOR_TEXTS.useCode : TWO_FACTOR_TEXTS.useRecovery)}
      </TextButton>
    </div>
  );
}
