import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequestSchema } from '@zema/contracts';
import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { Form, FormTextField } from '#src/ui/field';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';
import { TextLink } from '../components/text-link';
import { handleFormError } from '../lib/form-error';

interface ForgotValues {
  email: string;
}

/**
 * /forgot-password (SPEC §2): enter the email and press Continue. An `?email=` prefills the field
 * and locks it. The server's answer is the same for every address, and is shown in the card.
 */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const { trans } = useTrans();
  usePageTitle(trans('Forgot password'));
  const lockedEmail = params.get('email');
  const forgot = useForgotPassword();
  const form = useForm<ForgotValues>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: lockedEmail ?? '' },
  });

  const onSubmit = ({ email }: ForgotValues) => {
    forgot.mutate(
      { email: lockedEmail ?? email.trim() },
      { onError: (error) => handleFormError(form, error) },
    );
  };

  return (
    <AuthLayout
      heading={trans('Forgot your password?')}
      description={trans('Enter your email address and we will send you a link to choose a new password.')}
      after={<TextLink href={paths.login()}>{trans('Back to sign in')}</TextLink>}
    >
      {/* Polite live region, present from the start so the answer is read out when it arrives. */}
      <div role="status">
        {forgot.data && (
          <p className="mb-5 flex items-start gap-2 rounded-theme border border-positive/40 bg-positive/10 p-3 text-sm text-fg">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-positive" />
            {forgot.data.message}
          </p>
        )}
      </div>
      <Form form={form} onSubmit={onSubmit}>
        <FormTextField<ForgotValues>
          name="email"
          type="email"
          label={trans('Email')}
          autoComplete="email"
          isReadOnly={lockedEmail !== null}
        />
        <Button type="submit" fullWidth isPending={forgot.isPending}>
          {trans('Continue')}
        </Button>
      </Form>
    </AuthLayout>
  );
}
