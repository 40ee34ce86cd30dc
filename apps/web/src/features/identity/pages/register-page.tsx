import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BootstrapData,
  confirmedPassword,
  DISPLAY_NAME_MAX,
  registerRequestSchema,
} from '@zema/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { NewPasswordFields } from '#src/features/account';
import { InvalidInvite, InviteSummary, joinAfterSignIn, useInvitePreview } from '#src/features/workspaces';
import { ApiError } from '#src/lib/api-error';
import { useSettings } from '#src/lib/bootstrap-store';
import { Trans, useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { leadsToPage, paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { Form, FormCheckbox, FormTextField } from '#src/ui/field';
import { toast } from '#src/ui/toast';
import { useRegister } from '../api/register';
import { AuthLayout } from '../components/auth-layout';
import { HUMAN_VERIFICATION_FAILED, verifyHumanWithProvider } from '../components/human-verification';
import { SocialLoginSection } from '../components/social-login-section';
import { TextLink } from '../components/text-link';
import { isWorkspaceJoinPath, WORKSPACE_JOIN_PREFIX } from '../lib/auth-texts';
import { handleFormError } from '../lib/form-error';
import { rememberSignUpEmail } from '../lib/sign-up-email';
import { useFinishLogin } from '../lib/use-finish-login';

interface RegisterValues {
  email: string;
  display_name?: string;
  password: string;
  password_confirmation: string;
  /** One flag per registration policy, in the order of settings.registration.policies. */
  policies: boolean[];
}

/** /register and /workspace/join/register (SPEC §2, §4, §5). */
export default function RegisterPage() {
  const settings = useSettings();
  const { trans } = useTrans();
  usePageTitle(trans('Register'));
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const workspace = isWorkspaceJoinPath(pathname);
  // A workspace invitation (`/workspace/join/register?invite=`): its email is the account's, locked.
  const inviteId = workspace ? params.get('invite') : null;
  const invite = useInvitePreview(inviteId);
  const lockedEmail = invite.data?.email ?? params.get('email');
  const policies = settings.registration.policies;
  const register = useRegister();
  const finishLogin = useFinishLogin();
  const [verifying, setVerifying] = useState(false);
  const humanContainer = useRef<HTMLDivElement>(null);
  // The contract's fields and messages, the confirmation check, and one accepted flag per policy.
  const schema = useMemo(
    () =>
      z
        .object({
          ...registerRequestSchema.pick({
            email: true,
            display_name: true,
            password: true,
            password_confirmation: true,
          }).shape,
          policies: z.array(z.boolean()),
        })
        .superRefine(confirmedPassword)
        .superRefine((values, ctx) => {
          policies.forEach((policy, i) => {
            if (values.policies[i] !== true) {
              ctx.addIssue({
                code: 'custom',
                path: ['policies', i],
                message: trans('Please accept the {policy}.', { policy: policy.name }),
              });
            }
          });
        }),
    [policies, trans],
  );
  const form = useForm<RegisterValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      email: lockedEmail ?? '',
      display_name: '',
      password: '',
      password_confirmation: '',
      policies: policies.map(() => false),
    },
  });
  // The invitation's email arrives after the first render: it replaces whatever was typed.
  const invitedEmail = invite.data?.email;
  useEffect(() => {
    if (invitedEmail) form.setValue('email', invitedEmail);
  }, [form, invitedEmail]);

  // Signed up with the invitation (the form's `invite_id`, or a social sign-in carrying it): the
  // server joined already, which the new session shows; then the backstage in that workspace.
  const finishWithInvite = (session: BootstrapData) => {
    if (!inviteId || !invite.data) return;
    void joinAfterSignIn(inviteId, session, { joinedName: invite.data.workspace_name }).then(
      ({ data, workspace: joined }) => finishLogin(data, joined ? { to: paths.backstage() } : {}),
    );
  };

  const onSubmit = async (values: RegisterValues) => {
    if (settings.human_verification.register) {
      setVerifying(true);
      const human = await verifyHumanWithProvider(
        settings.human_verification,
        'register',
        humanContainer.current,
      );
      setVerifying(false);
      if (!human) {
        toast.danger(trans(HUMAN_VERIFICATION_FAILED));
        return;
      }
    }
    const accepted = Object.fromEntries(policies.map((p, i) => [p.id, values.policies[i] === true]));
    register.mutate(
      {
        email: lockedEmail ?? values.email,
        ...(values.display_name?.trim() ? { display_name: values.display_name.trim() } : {}),
        password: values.password,
        password_confirmation: values.password_confirmation,
        ...accepted,
        ...(inviteId && invite.isSuccess ? { invite_id: inviteId } : {}),
      },
      {
        onSuccess: ({ status, bootstrapData }) => {
          if (status === 'needs_email_verification') {
            rememberSignUpEmail(lockedEmail ?? values.email);
            void finishLogin(bootstrapData, { to: '/' });
          } else if (inviteId && invite.data) {
            finishWithInvite(bootstrapData);
          } else {
            void finishLogin(bootstrapData);
          }
        },
        onError: (error) => handleFormError(form, withPolicyFields(error, policies)),
      },
    );
  };

  const heading = workspace
    ? trans('To join your team on {siteName}, create an account', { siteName: settings.site_name })
    : params.get('redirectFrom') === 'pricing'
      ? trans("First, let's create your account")
      : trans('Create a new account');
  const loginHref = `${workspace ? WORKSPACE_JOIN_PREFIX : ''}/login${search}`;

  return (
    <AuthLayout
      heading={heading}
      after={
        <>
          {trans('Already have an account?')} <TextLink href={loginHref}>{trans('Sign in.')}</TextLink>
        </>
      }
    >
      {invite.data && <InviteSummary invite={invite.data} />}
      {invite.isError && <InvalidInvite />}
      <Form form={form} onSubmit={onSubmit}>
        <FormTextField<RegisterValues>
          name="email"
          type="email"
          label={trans('Email')}
          autoComplete="email"
          isReadOnly={lockedEmail !== null}
        />
        <FormTextField<RegisterValues>
          name="display_name"
          label={trans('Display name')}
          description={trans('Shown on your profile and playlists. Optional.')}
          autoComplete="nickname"
          maxLength={DISPLAY_NAME_MAX}
        />
        <NewPasswordFields passwordLabel={trans('Password')} />
        {policies.map((policy, i) => (
          <FormCheckbox<RegisterValues> key={policy.id} name={`policies.${i}`}>
            <span>
              <Trans
                message="I accept the {policy}"
                elements={{
                  policy: leadsToPage(policy.action) ? (
                    <TextLink href={policy.action} target="_blank" rel="noopener">
                      {policy.name}
                    </TextLink>
                  ) : (
                    policy.name
                  ),
                }}
              />
            </span>
          </FormCheckbox>
        ))}
        <div ref={humanContainer} />
        <Button type="submit" fullWidth isPending={verifying || register.isPending}>
          {trans('Create account')}
        </Button>
      </Form>
      <SocialLoginSection
        invite={inviteId && invite.data ? { id: inviteId, onSignedIn: finishWithInvite } : null}
      />
    </AuthLayout>
  );
}

/** The server names policy errors by policy id; the form holds them as `policies.<index>`. */
function withPolicyFields(error: unknown, policies: { id: string }[]): unknown {
  if (!(error instanceof ApiError) || !error.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const index = policies.findIndex((p) => p.id === field);
    errors[index >= 0 ? `policies.${index}` : field] = messages;
  }
  return { message: error.message, errors };
}
