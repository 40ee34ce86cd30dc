import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@zema/contracts';
import {
  type AdminSettingsResponse,
  serverSettingsRules,
  testMailRequestSchema,
} from '@zema/contracts/admin';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AdminCard } from '#src/components/admin/admin-page';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useSendTestMail } from '../api/send-test-mail';
import { richMessage } from '../lib/rich-message';
import { ReadOnlyValue } from './fields';
import { SettingsForm } from './settings-form';

const optional = (key: string) => z.union([z.literal(''), serverSettingsRules[key]!]);
const schema = z.object({
  server: z.object({
    mail: z.object({
      from_name: optional('server.mail.from_name'),
      from_address: optional('server.mail.from_address'),
    }),
  }),
});
type Values = { server: { mail: { from_name: string; from_address: string } } };

const toValues = ({ server }: AdminSettingsResponse): Values => ({
  server: { mail: { from_name: server.mail.from_name ?? '', from_address: server.mail.from_address ?? '' } },
});
// An emptied field removes the value (the default sender takes over).
const prepare = (v: Values) =>
  ({
    server: {
      mail: {
        from_name: v.server.mail.from_name.trim() || null,
        from_address: v.server.mail.from_address.trim() || null,
      },
    },
  }) as unknown as Values;

const contactSchema = z.object({
  server: z.object({ contact: z.object({ address: optional('server.contact.address') }) }),
});
type ContactValues = { server: { contact: { address: string } } };
const toContactValues = ({ server }: AdminSettingsResponse): ContactValues => ({
  server: { contact: { address: server.contact.address ?? '' } },
});
// Emptied: messages go to the first admin's email again.
const prepareContact = (v: ContactValues) =>
  ({ server: { contact: { address: v.server.contact.address.trim() || null } } }) as unknown as ContactValues;

/** Where the contact page's messages are mailed (its own form: saved apart from the sender). */
function ContactAddressSettings({ view }: { view: AdminSettingsResponse }) {
  const { trans } = useTrans();
  const { contact } = view.server;
  return (
    <SettingsForm
      view={view}
      toValues={toContactValues}
      schema={contactSchema as unknown as z.ZodType<ContactValues>}
      keys={['server.contact.address']}
      prepare={prepareContact}
    >
      {() => (
        <AdminCard title={trans('Contact page')}>
          <div className="grid gap-4 md:grid-cols-2">
            <FormTextField<ContactValues>
              name="server.contact.address"
              label={trans('Contact address')}
              type="email"
              placeholder={contact.default_address}
              description={trans(
                "Messages from the contact page are mailed here, with Reply-To set to the sender. Empty: the first admin's email ({address}).",
                { address: contact.default_address },
              )}
            />
          </div>
        </AdminCard>
      )}
    </SettingsForm>
  );
}

export function MailSettings({ view }: { view: AdminSettingsResponse }) {
  const { trans } = useTrans();
  const { mail } = view.server;
  const locked = mail.env_from !== null;
  return (
    <div className="flex flex-col gap-6">
      <SettingsForm
        view={view}
        toValues={toValues}
        schema={schema as unknown as z.ZodType<Values>}
        keys={locked ? [] : ['server.mail.from_name', 'server.mail.from_address']}
        prepare={prepare}
      >
        {() => (
          <AdminCard title={trans('Sender')}>
            {locked && (
              <p className="mb-4 text-sm text-muted">
                {trans("MAIL_FROM in the server's environment sets the sender: {sender}", {
                  sender: mail.env_from ?? '',
                })}
              </p>
            )}
            <div className="grid gap-4 md:grid-cols-2">
              <FormTextField<Values>
                name="server.mail.from_name"
                label={trans('From name')}
                description={trans('Empty: the site name.')}
                isReadOnly={locked}
              />
              <FormTextField<Values>
                name="server.mail.from_address"
                label={trans('From address')}
                type="email"
                description={trans("Empty: no-reply at the site's domain.")}
                isReadOnly={locked}
              />
            </div>
            <p className="mt-4 text-sm text-muted">
              {richMessage(trans, msg('Mail goes out as {sender}'), {
                sender: <span className="font-medium text-fg">{mail.effective_from}</span>,
              })}
            </p>
          </AdminCard>
        )}
      </SettingsForm>
      <AdminCard title={trans('Transport')}>
        <div className="grid gap-4 md:grid-cols-2">
          <ReadOnlyValue
            label={mail.transport.kind === 'smtp' ? trans('SMTP server') : trans('Outbox')}
            value={mail.transport.detail}
            description={trans("From MAIL_URL in the server's environment; change it there.")}
          />
        </div>
        <TestMail />
      </AdminCard>
      <ContactAddressSettings view={view} />
    </div>
  );
}

type TestValues = { to: string };
const testSchema = z.object({ to: z.union([z.literal(''), testMailRequestSchema.shape.to.unwrap()]) });

function TestMail() {
  const { trans } = useTrans();
  const auth = useAuth();
  const send = useSendTestMail();
  const form = useForm<TestValues>({ resolver: zodResolver(testSchema), defaultValues: { to: '' } });
  const submit = (v: TestValues) =>
    send.mutate(v.to ? { to: v.to } : {}, {
      onSuccess: () => toast.positive(trans('Email sent')),
      onError: (error) => applyServerErrors(form, error),
    });
  return (
    <Form
      form={form}
      onSubmit={submit}
      aria-label={trans('Send a test mail')}
      className="mt-6 border-t border-divider pt-6"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormTextField<TestValues>
          name="to"
          label={trans('Send a test mail to')}
          type="email"
          placeholder={auth.user?.email}
          description={trans('Empty: your own address.')}
          className="sm:max-w-sm sm:flex-1"
        />
        <Button
          type="submit"
          variant="outline"
          isPending={send.isPending}
          className="sm:mt-7"
          startIcon={<Send aria-hidden className="size-4" />}
        >
          {trans('Send test mail')}
        </Button>
      </div>
    </Form>
  );
}
