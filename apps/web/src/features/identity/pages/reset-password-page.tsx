import { zodResolver } from '@hookform/resolvers/zod';
import { confirmedPassword, resetPasswordRequestSchema } from '@zema/contracts';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { NewPasswordFields } from '#src/features/account';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { Form, FormTextField } from '#src/ui/field';
import { toast } from '#src/ui/toast';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { TextLink } from '../components/text-link';
import { handleFormError } from '../lib/form-error';
import { useFinishLogin } from '../lib/use-finish-login';

interface ResetValues {
  email: string;
  password: string;
  password_confirmation: string;
}

/**
 * /password/reset/:token (SPEC §2): email (prefilled from the mail's link), new password and its
 * confirmation. Success: signed in when the server answers with a session, otherwise to /login.
 */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const { trans } = useTrans();
  usePageTitle(trans('Reset password'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const finishLogin = useFinishLogin();
  const reset = useResetPassword();
  const form = useForm<ResetValues>({
    // The token comes from the address, not from a field.
    resolver: zodResolver(resetPasswordRequestSchema.omit({ token: true }).superRefine(confirmedPassword)),
    defaultValues: { email: params.get('email') ?? '', password: '', password_confirmation: '' },
  });

  const onSubmit = (values: ResetValues) => {
    reset.mutate(
      { token, ...values, email: values.email.trim() },
      {
        onSuccess: ({ message, bootstrapData }) => {
          if (message) toast(message);
          if (bootstrapData?.user) void finishLogin(bootstrapData);
          else navigate(paths.login(), { replace: true });
        },
        onError: (error) => handleFormError(form, error),
      },
    );
  };

  return (
    <AuthLayout
      heading={trans('Reset your password')}
      after={<TextLink href={paths.login()}>{trans('Back to sign in')}</TextLink>}
    >
      <Form form={form} onSubmit={onSubmit}>
        <FormTextField<ResetValues> name="email" type="email" label={trans('Email')} autoComplete="email" />
        <NewPasswordFields passwordLabel={trans('New password')} />
        <Button type="submit" fullWidth isPending={reset.isPending}>
          {trans('Reset password')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
