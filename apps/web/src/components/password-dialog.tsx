import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';

export interface PasswordValues {
  password: string;
}

export interface PasswordDialogProps {
  isOpen: boolean;
  title: string;
  /** Why the password is asked for. */
  description: string;
  /** The call's request schema from the contracts: the field is checked as the server checks it. */
  schema: z.ZodType<PasswordValues, PasswordValues>;
  submitLabel: string;
  isPending: boolean;
  /** Sends the password; the form is given so the caller can place the server's field errors. */
  onSubmit: (password: string, form: UseFormReturn<PasswordValues>) => void;
  onCancel: () => void;
}

/**
 * The one dialog that asks for the account's current password: an explanation, the field (focused,
 * emptied each time the dialog opens), Cancel and a submit button. Confirming the password before a
 * sensitive change and linking a social account that owns an existing email both use it.
 */
export function PasswordDialog({
  isOpen,
  title,
  description,
  schema,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: PasswordDialogProps) {
  const { trans } = useTrans();
  const form = useForm<PasswordValues>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const { reset } = form;

  useEffect(() => {
    if (isOpen) reset({ password: '' });
  }, [isOpen, reset]);

  return (
    <Dialog
      title={title}
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <Form form={form} onSubmit={(values) => onSubmit(values.password, form)} aria-label={title}>
        <p className="text-sm text-muted">{description}</p>
        <FormTextField<PasswordValues>
          name="password"
          type="password"
          label={trans('Password')}
          autoComplete="current-password"
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={onCancel}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={isPending}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
