import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ConfirmEmailChangeRequest,
  confirmEmailChangeRequestSchema,
  msg,
  type RequestEmailChangeRequest,
  requestEmailChangeRequestSchema,
} from '@zema/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '#src/lib/api-error';
import { Trans, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useConfirmEmailChange } from '../api/confirm-email-change';
import { useRequestEmailChange } from '../api/request-email-change';
import { usePasswordConfirmation } from './use-password-confirmation';

export const CHANGE_EMAIL_TEXTS = {
  title: msg('Change email'),
  intro: msg(
    'We will send a 6-digit code to the new address. Your email changes once you enter the code, and your current address gets a notice.',
  ),
  codeSent: msg('Enter the code we sent to {email}. It expires in 10 minutes.'),
  sendCode: msg('Send code'),
  resend: msg('Send a new code'),
  otherAddress: msg('Use another address'),
  confirm: msg('Change email'),
  changed: msg('Email changed'),
  resent: msg('Email sent'),
} as const;

export interface ChangeEmailDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Changing the account's email (account details): step 1 takes the new address and mails it a
 * code, step 2 takes the code. Both calls need the password confirmed within 9000 s; the password
 * dialog shows instead of this one while it asks.
 */
export function ChangeEmailDialog({ isOpen, onClose }: ChangeEmailDialogProps) {
  const { trans } = useTrans();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const confirmation = usePasswordConfirmation();
  const send = useRequestEmailChange();
  const confirm = useConfirmEmailChange();
  const emailForm = useForm<RequestEmailChangeRequest>({
    resolver: zodResolver(requestEmailChangeRequestSchema),
    defaultValues: { email: '' },
  });
  const codeForm = useForm<ConfirmEmailChangeRequest>({
    resolver: zodResolver(confirmEmailChangeRequestSchema),
    defaultValues: { code: '' },
  });
  const [busy, setBusy] = useState(false);

  const close = () => {
    setSentTo(null);
    emailForm.reset({ email: '' });
    codeForm.reset({ code: '' });
    onClose();
  };

  const sendCode = async (email: string): Promise<boolean> => {
    setBusy(true);
    try {
      const sent = await confirmation.withConfirmation(() => send.mutateAsync(email));
      if (sent === undefined) return false;
      setSentTo(email);
      codeForm.reset({ code: '' });
      return true;
    } catch (error) {
      setSentTo(null);
      applyServerErrors(emailForm, error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const onSubmitEmail = async (values: RequestEmailChangeRequest) => {
    await sendCode(values.email);
  };

  const onResend = async () => {
    if (sentTo && (await sendCode(sentTo))) toast.positive(trans(CHANGE_EMAIL_TEXTS.resent));
  };

  const onSubmitCode = async (values: ConfirmEmailChangeRequest) => {
    setBusy(true);
    try {
      const user = await confirmation.withConfirmation(() => confirm.mutateAsync(values.code));
      if (!user) return;
      toast.positive(trans(CHANGE_EMAIL_TEXTS.changed));
      close();
    } catch (error) {
      const emailError = error instanceof ApiError ? error.errors?.email?.[0] : undefined;
      if (emailError) {
        // The address was taken meanwhile: back to step 1, with the reason on the address.
        setSentTo(null);
        emailForm.setError('email', { type: 'server', message: emailError }, { shouldFocus: true });
      } else {
        applyServerErrors(codeForm, error);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {confirmation.dialog}
      <Dialog
        title={trans(CHANGE_EMAIL_TEXTS.title)}
        size="sm"
        isOpen={isOpen && !confirmation.isAsking}
        onOpenChange={(open) => {
          if (!open) close();
        }}
      >
        {sentTo === null ? (
          <Form
            form={emailForm}
            onSubmit={onSubmitEmail}
            aria-label={trans(CHANGE_EMAIL_TEXTS.title)}
            className="pb-2"
          >
            <p className="text-sm text-muted">{trans(CHANGE_EMAIL_TEXTS.intro)}</p>
            <FormTextField<RequestEmailChangeRequest>
              name="email"
              type="email"
              label={trans('New email')}
              autoComplete="email"
              autoFocus
            />
            <div className="flex justify-end gap-2">
              <Button variant="text" onPress={close}>
                <Trans message="Cancel" />
              </Button>
              <Button type="submit" isPending={busy}>
                {trans(CHANGE_EMAIL_TEXTS.sendCode)}
              </Button>
            </div>
          </Form>
        ) : (
          <Form
            form={codeForm}
            onSubmit={onSubmitCode}
            aria-label={trans('Confirm the new email')}
            className="pb-2"
          >
            <p className="text-sm text-muted">{trans(CHANGE_EMAIL_TEXTS.codeSent, { email: sentTo })}</p>
            <FormTextField<ConfirmEmailChangeRequest>
              name="code"
              label={trans('Code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="flex flex-wrap gap-1">
                <Button variant="text" size="sm" isDisabled={busy} onPress={() => setSentTo(null)}>
                  {trans(CHANGE_EMAIL_TEXTS.otherAddress)}
                </Button>
                <Button variant="text" size="sm" isDisabled={busy} onPress={() => void onResend()}>
                  {trans(CHANGE_EMAIL_TEXTS.resend)}
                </Button>
              </div>
              <Button type="submit" isPending={busy}>
                {trans(CHANGE_EMAIL_TEXTS.confirm)}
              </Button>
            </div>
          </Form>
        )}
      </Dialog>
    </>
  );
}
