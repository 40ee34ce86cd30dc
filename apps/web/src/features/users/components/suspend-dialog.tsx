import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@zema/contracts';
import { type AdminUser, SUSPENSION_REASON_MAX_LENGTH } from '@zema/contracts/admin';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useUserAction } from '../api/user-actions';

const schema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, msg('Give a reason: the user is told it when they try to log in.'))
    .max(SUSPENSION_REASON_MAX_LENGTH),
  /** A local date-time from the input ('' = until lifted). */
  until: z.string(),
});
type Values = z.infer<typeof schema>;

/** Suspend with a reason and an optional end: login refused, sessions ended, tokens stopped. */
export function SuspendDialog({
  user,
  isOpen,
  onOpenChange,
}: {
  user: AdminUser;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { trans } = useTrans();
  const action = useUserAction(user.id);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { reason: '', until: '' } });
  const submit = (v: Values) =>
    action.mutate(
      {
        kind: 'suspend',
        body: { reason: v.reason, until: v.until ? new Date(v.until).toISOString() : null },
      },
      {
        onSuccess: () => {
          toast.positive(trans('{name} is suspended', { name: user.display_name }));
          form.reset();
          onOpenChange(false);
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  return (
    <Dialog
      title={trans('Suspend {name}', { name: user.display_name })}
      size="md"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {trans(
            'They are signed out everywhere at once, their API tokens stop working, and logging in tells them the account is suspended, with this reason.',
          )}
        </p>
        <FormTextField name="reason" label={trans('Reason')} multiline rows={3} isRequired autoFocus />
        <label className="flex flex-col text-sm font-medium text-fg">
          {trans('Until (optional)')}
          <input
            type="datetime-local"
            {...form.register('until')}
            className="mt-1.5 h-10 rounded-theme border border-divider bg-bg px-3 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary"
          />
          <span className="mt-1.5 text-xs font-normal text-muted">{trans('Empty: until you lift it.')}</span>
          {form.formState.errors.until && (
            <span className="mt-1.5 text-xs text-danger">{form.formState.errors.until.message}</span>
          )}
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={() => onOpenChange(false)}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" variant="danger" isPending={action.isPending}>
            {trans('Suspend')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
