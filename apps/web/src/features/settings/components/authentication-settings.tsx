import { msg, SOCIAL_SERVICES, type SocialService } from '@zema/contracts';
import { type AdminSettingsResponse, serverSettingsRules, settingsRules } from '@zema/contracts/admin';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { AdminCard } from '#src/components/admin/admin-page';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { FormCheckbox, FormTextField } from '#src/ui/field';
import type { SelectOption } from '#src/ui/select';
import { FormSelect, ReadOnlyValue, SecretField } from './fields';
import { SettingsForm } from './settings-form';

// Brand names: not translated.
const LABELS: Record<SocialService, string> = {
  google: 'Google',
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  envato: 'Envato',
};

/** A secret field: '' = keep what is stored (write-only), null = remove, text = replace. */
const secret = (key: string) => z.union([z.literal(''), serverSettingsRules[key]!]);

const socialSchema = z.object(
  Object.fromEntries(
    SOCIAL_SERVICES.map((s) => [
      s,
      z.object({
        client_id: z.string().trim().max(500),
        client_secret: secret(`server.social.${s}.client_secret`),
      }),
    ]),
  ) as unknown as Record<SocialService, z.ZodType>,
);

const schema = z.object({
  registration: settingsRules.registration,
  require_email_confirmation: settingsRules.require_email_confirmation,
  human_verification: settingsRules.human_verification,
  server: z.object({
    social: socialSchema,
    human_verification: z.object({ secret: secret('server.human_verification.secret') }),
  }),
});
type Values = {
  registration: z.infer<typeof settingsRules.registration>;
  require_email_confirmation: boolean;
  human_verification: z.infer<typeof settingsRules.human_verification>;
  server: {
    social: Record<SocialService, { client_id: string; client_secret: string | null }>;
    human_verification: { secret: string | null };
  };
};

function keysFor(view: AdminSettingsResponse): string[] {
  // Whatever the environment sets is not this page's to send.
  const social = SOCIAL_SERVICES.filter((s) => !view.server.social[s].env).flatMap((s) => [
    `server.social.${s}.client_id`,
    `server.social.${s}.client_secret`,
  ]);
  return [
    'registration',
    'require_email_confirmation',
    'human_verification',
    ...social,
    ...(view.server.human_verification.env ? [] : ['server.human_verification.secret']),
  ];
}

const toValues = ({ settings: s, server }: AdminSettingsResponse): Values => ({
  registration: { disable: s.registration.disable, policies: s.registration.policies },
  require_email_confirmation: s.require_email_confirmation,
  human_verification: { ...s.human_verification },
  server: {
    social: Object.fromEntries(
      SOCIAL_SERVICES.map((svc) => [
        svc,
        { client_id: server.social[svc].client_id ?? '', client_secret: '' },
      ]),
    ) as Values['server']['social'],
    human_verification: { secret: '' },
  },
});

/** An emptied client id is removed rather than stored empty. */
const prepare = (v: Values): Values => ({
  ...v,
  human_verification: {
    ...v.human_verification,
    site_key: v.human_verification.site_key?.trim() || null,
  },
  server: {
    ...v.server,
    social: Object.fromEntries(
      SOCIAL_SERVICES.map((s) => [
        s,
        { ...v.server.social[s], client_id: (v.server.social[s].client_id.trim() || null) as string },
      ]),
    ) as Values['server']['social'],
  },
});

// The providers' names are brands; only "None" is translated.
const PROVIDERS: SelectOption[] = [
  { id: 'none', label: msg('None') },
  { id: 'recaptcha', label: 'reCAPTCHA v3' },
  { id: 'turnstile', label: 'Cloudflare Turnstile' },
];

let policyCounter = 0;
const newPolicyId = () => `policy-${Date.now().toString(36)}-${(policyCounter++).toString(36)}`;

export function AuthenticationSettings({ view }: { view: AdminSettingsResponse }) {
  return (
    <SettingsForm
      view={view}
      toValues={toValues}
      schema={schema as unknown as z.ZodType<Values>}
      keys={keysFor(view)}
      prepare={prepare}
    >
      {(form) => <AuthenticationFields view={view} form={form} />}
    </SettingsForm>
  );
}

function AuthenticationFields({
  view,
  form,
}: {
  view: AdminSettingsResponse;
  form: import('react-hook-form').UseFormReturn<Values>;
}) {
  const { trans } = useTrans();
  const policies = useFieldArray({ control: form.control, name: 'registration.policies' });
  const hv = view.server.human_verification;
  const providers = PROVIDERS.map((p) => ({ ...p, label: trans(p.label) }));
  return (
    <>
      <AdminCard title={trans('Registration')}>
        <div className="flex flex-col gap-4">
          <FormCheckbox<Values>
            name="registration.disable"
            description={trans('Hides the Register button; /register goes to the login page.')}
          >
            {trans('Disable registration')}
          </FormCheckbox>
          <FormCheckbox<Values>
            name="require_email_confirmation"
            description={trans('New accounts enter a code from a mail before they can use the site.')}
          >
            {trans('Require email confirmation')}
          </FormCheckbox>
        </div>
      </AdminCard>
      <AdminCard
        title={trans('Registration policies')}
        actions={
          <Button
            variant="outline"
            size="sm"
            startIcon={<Plus aria-hidden className="size-4" />}
            onPress={() => policies.append({ id: newPolicyId(), name: '', action: '/pages/' })}
          >
            {trans('Add policy')}
          </Button>
        }
      >
        <p className="mb-4 text-sm text-muted">
          {trans(
            'Each one is a checkbox on the register form, linking to the policy; every box must be ticked.',
          )}
        </p>
        {policies.fields.length === 0 ? (
          <p className="text-sm text-muted">{trans('No policies.')}</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {policies.fields.map((policy, i) => (
              <li key={policy.id} className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
                <FormTextField<Values> name={`registration.policies.${i}.name`} label={trans('Name')} />
                <FormTextField<Values>
                  name={`registration.policies.${i}.action`}
                  label={trans('Link')}
                  description={trans('A path such as /pages/terms, or an https address.')}
                />
                <Button
                  variant="icon"
                  aria-label={trans('Remove policy {number}', { number: i + 1 })}
                  className="sm:mt-7"
                  onPress={() => policies.remove(i)}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </AdminCard>
      <AdminCard title={trans('Social login')}>
        <p className="mb-4 text-sm text-muted">
          {trans(
            "A provider is on when its client id and secret are both set. Register the callback URL with the provider. Values set in the server's environment win and are shown read-only.",
          )}
        </p>
        <div className="grid gap-6 lg:grid-cols-2">
          {SOCIAL_SERVICES.map((s) => {
            const state = view.server.social[s];
            const on = view.settings.social[s].enable;
            const locked = state.env ? trans('Set in the environment.') : undefined;
            return (
              <fieldset
                key={s}
                className="flex min-w-0 flex-col gap-3 rounded-theme border border-divider p-4"
              >
                <legend className="px-1 text-sm font-semibold">
                  {LABELS[s]}{' '}
                  <span className="font-normal text-muted">· {on ? trans('On') : trans('Off')}</span>
                </legend>
                <FormTextField<Values>
                  name={`server.social.${s}.client_id`}
                  label={trans('Client id')}
                  autoComplete="off"
                  isReadOnly={Boolean(locked)}
                />
                <SecretField<Values>
                  name={`server.social.${s}.client_secret`}
                  label={trans('Client secret')}
                  isSet={state.client_secret.set}
                  lockedReason={locked}
                />
                <ReadOnlyValue label={trans('Callback URL')} value={state.callback_url} copy />
              </fieldset>
            );
          })}
        </div>
      </AdminCard>
      <AdminCard title={trans('Human verification')}>
        <p className="mb-4 text-sm text-muted">
          {trans('Checks that a person, not a script, registers or writes through the contact form.')}
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <FormSelect<Values>
            name="human_verification.provider"
            label={trans('Provider')}
            items={providers}
            nullKey="none"
          />
          <FormTextField<Values>
            name="human_verification.site_key"
            label={trans('Site key')}
            autoComplete="off"
          />
          <SecretField<Values>
            name="server.human_verification.secret"
            label={trans('Secret key')}
            isSet={hv.secret.set}
            lockedReason={
              hv.env
                ? trans('Set in the environment ({variable}).', { variable: 'HUMAN_VERIFICATION_SECRET' })
                : undefined
            }
          />
          <div className="flex flex-col gap-3 md:pt-7">
            <FormCheckbox<Values> name="human_verification.register">
              {trans('Require it to register')}
            </FormCheckbox>
            <FormCheckbox<Values> name="human_verification.contact">
              {trans('Require it on the contact form')}
            </FormCheckbox>
          </div>
        </div>
      </AdminCard>
    </>
  );
}
