import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_LIMITS, contactRequestSchema } from '@zema/contracts/contact/contact';
import { CircleCheck } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { HUMAN_VERIFICATION_FAILED, verifyHumanWithProvider } from '#src/features/identity';
import { ApiError } from '#src/lib/api-error';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { reportError } from '#src/lib/report-error';
import { Button } from '#src/ui/button';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { toast } from '#src/ui/toast';
import { useSendContactMessage } from '../api/send-contact-message';

const schema = contactRequestSchema.pick({ name: true, email: true, message: true });
type Values = { name: string; email: string; message: string };

/**
 * `/contact` (SPEC §2): name, email and message, all required (SPEC §5), sent with SPEC §7 `POST
 * contact-page`. When the admin requires it, human verification runs first and its failure says
 * 'Could not verify you are human.' (SPEC §8). Once the server has the message, the page says so
 * and the form clears for another; field errors land on their fields, others in a toast.
 */
export default function ContactPage() {
  const { trans } = useTrans();
  const settings = useSettings();
  const { user } = useAuth();
  usePageTitle(trans('Contact us'));
  const send = useSendContactMessage();
  const [verifying, setVerifying] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const humanContainer = useRef<HTMLDivElement>(null);
  // A signed-in sender is known: their name and email are filled in (and may be changed).
  const defaults = useMemo<Values>(
    () => ({ name: user?.display_name ?? '', email: user?.email ?? '', message: '' }),
    [user],
  );
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: defaults });

  const onSubmit = async (values: Values) => {
    setSent(null);
    if (settings.human_verification.contact) {
      setVerifying(true);
      const human = await verifyHumanWithProvider(
        settings.human_verification,
        'contact',
        humanContainer.current,
      );
      setVerifying(false);
      if (!human) {
        toast.danger(trans(HUMAN_VERIFICATION_FAILED));
        return;
      }
    }
    send.mutate(values, {
      onSuccess: (res) => {
        form.reset(defaults);
        setSent(res.message);
      },
      onError: (error) => {
        // Field errors (and a refused human check, on a field the form has not) go on the form;
        // anything else is the app's usual answer (a toast, or the debug dialog).
        if (error instanceof ApiError && !error.errors) reportError(error);
        else applyServerErrors(form, error);
      },
    });
  };

  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-2xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-balance text-3xl font-extrabold tracking-tight sm:text-4xl">
        {trans('Contact us')}
      </h1>
      <p className="mt-3 text-muted">
        {trans('Questions, feedback or partnerships? Write to us and we will answer you by email.')}
      </p>
      <div role="status" className="empty:hidden">
        {sent && (
          <p className="mt-6 flex items-start gap-2 rounded-theme border border-positive/40 bg-positive/10 p-4 text-sm font-medium text-fg">
            <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-positive" />
            {trans(sent)}
          </p>
        )}
      </div>
      <Form
        form={form}
        onSubmit={onSubmit}
        aria-label={trans('Contact us')}
        className="mt-8 rounded-theme border border-divider bg-bg p-4 sm:p-6"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <FormTextField<Values>
            name="name"
            label={trans('Name')}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            isRequired
          />
          <FormTextField<Values>
            name="email"
            type="email"
            label={trans('Email')}
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email}
            isRequired
          />
        </div>
        <FormTextField<Values>
          name="message"
          label={trans('Message')}
          multiline
          rows={7}
          maxLength={CONTACT_LIMITS.message}
          description={trans('Up to {count} characters.', { count: CONTACT_LIMITS.message })}
          isRequired
        />
        <div ref={humanContainer} className="empty:hidden" />
        <div>
          <Button type="submit" isPending={verifying || send.isPending}>
            {trans('Send message')}
          </Button>
        </div>
      </Form>
    </main>
  );
}
