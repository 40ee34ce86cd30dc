import { zodResolver } from '@hookform/resolvers/zod';
import {
  maskEmail,
  VERIFICATION_CODE_LENGTH,
  validateEmailVerificationOtpRequestSchema,
} from '@zema/contracts';
import { LogOut } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { checkoutPath, clearOnboardingChoice, readOnboardingChoice } from '#src/lib/onboarding-choice';
import { usePageTitle } from '#src/lib/page-title';
import { useLogout } from '#src/lib/use-logout';
import { Button } from '#src/ui/button';
import { Form, FormTextField } from '#src/ui/field';
import { toast } from '#src/ui/toast';
import { useResendEmailVerification } from '../api/resend-email-verification';
import { useValidateEmailVerificationOtp } from '../api/validate-email-verification-otp';
import { AuthLayout } from '../components/auth-layout';
import { TextButton } from '../components/text-link';
import { handleFormError } from '../lib/form-error';
import { readSignUpEmail } from '../lib/sign-up-email';

interface VerificationValues {
  code: string;
}

/**
 * SPEC §2 email verification screen, shown by EmailVerificationGate on every route while the
 * signed-in user must verify their email. A valid code reloads the page (SPEC §4), so the whole
 * app starts again with the verified session.
 */
export default function EmailVerificationPage({
  ChangeEmailDialog,
}: {
  /** The account's "Change email" dialog (composed in app/): a mistyped address is put right here. */
  ChangeEmailDialog?: ComponentType<{ isOpen: boolean; onClose: () => void }>;
} = {}) {
  const { user } = useAuth();
  const [changingEmail, setChangingEmail] = useState(false);
  // The address typed a moment ago in this tab is shown whole, so a typo shows; otherwise masked.
  const shownEmail = user?.email && readSignUpEmail() === user.email ? user.email : maskEmail(user?.email);
  const settings = useSettings();
  const { trans } = useTrans();
  usePageTitle(trans('Verify your email'));
  const { logout, isPending: loggingOut } = useLogout();
  const validate = useValidateEmailVerificationOtp();
  const resend = useResendEmailVerification();
  const form = useForm<VerificationValues>({
    resolver: zodResolver(validateEmailVerificationOtpRequestSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = ({ code }: VerificationValues) => {
    validate.mutate(
      { code: code.trim() },
      {
        onSuccess: () => {
          // A plan picked on the pricing page before signing up continues to its checkout (SPEC §4).
          const choice = settings.billing.enable ? readOnboardingChoice() : null;
          if (choice) {
            clearOnboardingChoice();
            window.location.assign(checkoutPath(choice));
          } else window.location.reload();
        },
        onError: (error) => handleFormError(form, error),
      },
    );
  };

  const onResend = () => {
    resend.mutate(user?.email ? { email: user.email } : {}, { onSuccess: () => toast(trans('Email sent')) });
  };

  return (
    <AuthLayout
      heading={trans('Verify your email')}
      description={trans('Enter the verification code we sent to {email}', { email: shownEmail })}
      corner={
        <Button
          variant="text"
          size="sm"
          onPress={logout}
          isPending={loggingOut}
          startIcon={<LogOut aria-hidden="true" className="size-4" />}
        >
          {trans('Log out')}
        </Button>
      }
      after={
        <span className="flex flex-wrap justify-center gap-x-4 gap-y-1">
          <TextButton onPress={onResend} isPending={resend.isPending}>
            {trans('Resend email')}
          </TextButton>
          {ChangeEmailDialog && (
            <TextButton onPress={() => setChangingEmail(true)}>{trans('Change email')}</TextButton>
          )}
        </span>
      }
    >
      <Form form={form} onSubmit={onSubmit}>
        <FormTextField<VerificationValues>
          name="code"
          label={trans('Code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_LENGTH}
        />
        <Button type="submit" fullWidth isPending={validate.isPending}>
          {trans('Next')}
        </Button>
      </Form>
      {ChangeEmailDialog && (
        <ChangeEmailDialog isOpen={changingEmail} onClose={() => setChangingEmail(false)} />
      )}
    </AuthLayout>
  );
}
