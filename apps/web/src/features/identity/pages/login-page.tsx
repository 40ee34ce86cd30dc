import { zodResolver } from '@hookform/resolvers/zod';
import { type BootstrapData, type LoginRequest, loginRequestSchema } from '@zema/contracts';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { InvalidInvite, InviteSummary, joinAfterSignIn, useInvitePreview } from '#src/features/workspaces';
import { useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { Form, FormCheckbox, FormTextField } from '#src/ui/field';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { SocialLoginSection } from '../components/social-login-section';
import { TextLink } from '../components/text-link';
import { TWO_FACTOR_TEXTS, TwoFactorChallengeForm } from '../components/two-factor-challenge-form';
import { isWorkspaceJoinPath, WORKSPACE_JOIN_PREFIX } from '../lib/auth-texts';
import { handleFormError } from '../lib/form-error';
import { useFinishLogin } from '../lib/use-finish-login';

type LoginValues = LoginRequest;

/** /login and /workspace/join/login (SPEC §2, §4). */
export default function LoginPage() {
  const settings = useSettings();
  const { trans } = useTrans();
  usePageTitle(trans('Login'));
  const { pathname, search } = useLocation();
  const workspace = isWorkspaceJoinPath(pathname);
  const [params] = useSearchParams();
  // A workspace invitation (`/workspace/join/login?invite=`): shown above the form, joined after.
  const inviteId = workspace ? params.get('invite') : null;
  const invite = useInvitePreview(inviteId);
  const [twoFactor, setTwoFactor] = useState(false);
  const login = useLogin();
  const finishLogin = useFinishLogin();
  // Demo mode: the admin credentials are filled in (SPEC §9).
  const demo = settings.demo_credentials;
  // Checked with the contract's own schema: the same messages as the server's.
  const form = useForm<LoginValues, unknown, z.output<typeof loginRequestSchema>>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: demo?.email ?? '', password: demo?.password ?? '', remember: true },
  });
  // The invitation's email, once known, fills an untouched email field.
  const invitedEmail = invite.data?.email;
  useEffect(() => {
    if (invitedEmail && !form.getFieldState('email').isDirty) form.setValue('email', invitedEmail);
  }, [form, invitedEmail]);
  const email = useWatch({ control: form.control, name: 'email' });

  // Signed in from an invitation's link: join, then the backstage in that workspace. A social
  // sign-in carried the invitation and joined it already (`joinedName` recognises that).
  const finishWithInvite = (session: BootstrapData, joinedName?: string) => {
    if (!inviteId) return;
    void joinAfterSignIn(inviteId, session, { joinedName }).then(({ data, workspace: joined }) =>
      finishLogin(data, joined ? { to: paths.backstage() } : {}),
    );
  };
  const socialInvite =
    inviteId && invite.data
      ? {
          id: inviteId,
          onSignedIn: (data: BootstrapData) => finishWithInvite(data, invite.data.workspace_name),
        }
      : null;

  if (twoFactor) {
    return (
      <AuthLayout heading={trans(TWO_FACTOR_TEXTS.heading)}>
        <TwoFactorChallengeForm
          onSignedIn={inviteId && invite.isSuccess ? (data) => finishWithInvite(data) : undefined}
        />
      </AuthLayout>
    );
  }

  const onSubmit = (values: z.output<typeof loginRequestSchema>) => {
    login.mutate(values, {
      onSuccess: (answer) => {
        if ('two_factor' in answer) setTwoFactor(true);
        else if (inviteId && invite.isSuccess) finishWithInvite(answer.bootstrapData);
        else void finishLogin(answer.bootstrapData);
      },
      onError: (error) => handleFormError(form, error),
    });
  };

  const heading = workspace
    ? trans('To join your team on {siteName}, log in to your account', { siteName: settings.site_name })
    : trans('Sign in to your account');
  const forgotHref = paths.forgotPassword(email.trim() || undefined);
  const registerHref = `${workspace ? WORKSPACE_JOIN_PREFIX : ''}/register${search}`;

  return (
    <AuthLayout
      heading={heading}
      after={
        !settings.registration.disable && (
          <>
            {trans("Don't have an account?")} <TextLink href={registerHref}>{trans('Sign up.')}</TextLink>
          </>
        )
      }
    >
      {invite.data && <InviteSummary invite={invite.data} />}
      {invite.isError && <InvalidInvite />}
      <Form form={form} onSubmit={onSubmit}>
        <FormTextField<LoginValues> name="email" type="email" label={trans('Email')} autoComplete="email" />
        <div className="flex flex-col gap-1.5">
          <FormTextField<LoginValues>
            name="password"
            type="password"
            label={trans('Password')}
            autoComplete="current-password"
          />
          <TextLink href={forgotHref} className="self-end text-sm">
            {trans('Forgot your password?')}
          </TextLink>
        </div>
        <FormCheckbox<LoginValues> name="remember">{trans('Stay signed in for a month')}</FormCheckbox>
        <Button type="submit" fullWidth isPending={login.isPending}>
          {trans('Continue')}
        </Button>
      </Form>
      <SocialLoginSection invite={socialInvite} />
    </AuthLayout>
  );
}
