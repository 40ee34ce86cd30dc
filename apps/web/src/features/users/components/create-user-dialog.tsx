import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@zema/contracts';
import { type AdminUser, createUserRequestSchema } from '@zema/contracts/admin';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormCheckbox, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useCreateUser } from '../api/create-user';
import { useAssignableRoles } from '../api/list-roles';
import { RolePicker } from './role-picker';

// The contract's fields; the form holds strings, an empty password means "send an invitation".
const shape = createUserRequestSchema.shape;
const formSchema = z.object({
  email: shape.email,
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
  password: z.union([
    z.literal(''),
    z.string().min(8, msg('The password must be at least 8 characters.')).max(200),
  ]),
  send_invitation: z.boolean(),
  email_verified: z.boolean(),
  roles: z.array(z.number()),
});
type Values = z.infer<typeof formSchema>;

export function CreateUserDialog({
  isOpen,
  onOpenChange,
  onCreated,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (user: AdminUser) => void;
}) {
  const { trans } = useTrans();
  const create = useCreateUser();
  const { roles } = useAssignableRoles();
  const form = useForm<Values>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      email: '',
      first_name: '',
      last_name: '',
      password: '',
      send_invitation: true,
      email_verified: true,
      roles: [],
    },
  });
  const password = form.watch('password');

  const submit = (v: Values) =>
    create.mutate(
      {
        email: v.email,
        first_name: v.first_name || null,
        last_name: v.last_name || null,
        password: v.password || null,
        send_invitation: !v.password && v.send_invitation,
        email_verified: v.email_verified,
        roles: v.roles,
      },
      {
        onSuccess: (user) => {
          toast.positive(trans('Created {email}', { email: user.email }));
          form.reset();
          onOpenChange(false);
          onCreated(user);
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );

  return (
    <Dialog title={trans('New user')} size="md" isOpen={isOpen} onOpenChange={onOpenChange}>
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormTextField name="email" label={trans('Email')} type="email" isRequired autoFocus />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField name="first_name" label={trans('First name')} />
          <FormTextField name="last_name" label={trans('Last name')} />
        </div>
        <FormTextField
          name="password"
          label={trans('Password')}
          type="password"
          autoComplete="new-password"
          description={trans('Leave empty to let the user choose one from an invitation mail.')}
        />
        {!password && (
          <FormCheckbox name="send_invitation">
            {trans('Send an invitation mail to set a password')}
          </FormCheckbox>
        )}
        <FormCheckbox name="email_verified">{trans('Mark the email address as verified')}</FormCheckbox>
        <RolePicker
          roles={roles}
          value={form.watch('roles')}
          onChange={(ids) => form.setValue('roles', ids, { shouldDirty: true })}
          description={trans('None chosen: the default role for new accounts.')}
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={() => onOpenChange(false)}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={create.isPending}>
            {trans('Create user')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
