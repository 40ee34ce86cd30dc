import {
  ASSIGNABLE_WORKSPACE_ROLES,
  inviteWorkspaceMembersRequestSchema,
  isOwnMemberLimitMessage,
} from '@zema/contracts';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { UpgradeDialog } from '#src/components/upgrade-dialog';
import { ApiError } from '#src/lib/api-error';
import { useSettings } from '#src/lib/bootstrap-store';
import { transNow, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import { type InviteMembersRequest, useInviteMembers } from '../api/invite-members';
import type { AssignableRole } from '../api/update-member';
import { assignableRoleOptions } from '../lib/roles';

interface Values {
  emails: string;
  role: AssignableRole;
}

/** Addresses typed one per line, or separated by commas, semicolons or spaces. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/** The contract's own checks, with each message placed on the one emails field. */
const resolver: Resolver<Values, unknown, InviteMembersRequest> = (values) => {
  const emails = splitEmails(values.emails);
  const parsed = inviteWorkspaceMembersRequestSchema.safeParse({ emails, role: values.role });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    const key = field === 'role' ? 'role' : 'emails';
    if (errors[key]) continue;
    const address = typeof index === 'number' ? emails[index] : undefined;
    errors[key] = {
      type: 'validate',
      message: address
        ? transNow('{address}: {message}', { address, message: transNow(issue.message) })
        : issue.message,
    };
  }
  return { values: {}, errors };
};

/** The server names an address's error `emails.<n>`: shown on the emails field, naming the address. */
function onEmailsField(error: unknown, emails: string[]): unknown {
  if (!(error instanceof ApiError) || !error.errors) return error;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const match = /^emails\.(\d+)$/.exec(field);
    if (!match) {
      errors[field] = [...(errors[field] ?? []), ...messages];
      continue;
    }
    const address = emails[Number(match[1])];
    const named = messages.map((m) =>
      address && !m.includes(address) ? transNow('{address}: {message}', { address, message: m }) : m,
    );
    errors.emails = [...(errors.emails ?? []), ...named];
  }
  return { message: error.message, errors };
}

export interface InviteDialogProps {
  workspaceId: number;
  workspaceName: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Invite members": several emails and one role; the server's field errors land on the fields. */
export function InviteDialog({ workspaceId, workspaceName, isOpen, onOpenChange }: InviteDialogProps) {
  const { trans } = useTrans();
  const invite = useInviteMembers(workspaceId);
  const billingEnabled = useSettings().billing.enable;
  // Past the member cap of the inviter's own plan: a bigger plan is the way out (billing on).
  const [upgrading, setUpgrading] = useState(false);
  const form = useForm<Values, unknown, InviteMembersRequest>({
    resolver,
    defaultValues: { emails: '', role: 'editor' },
  });
  const close = () => {
    form.reset();
    invite.reset();
    onOpenChange(false);
  };
  const onSubmit = (body: InviteMembersRequest) => {
    invite.mutate(body, {
      onSuccess: (invites) => {
        close();
        toast.positive(
          invites.length === 1
            ? trans('Invitation sent')
            : trans('{count, plural, one {# invitation sent} other {# invitations sent}}', {
                count: invites.length,
              }),
        );
      },
      onError: (error) => {
        applyServerErrors(form, onEmailsField(error, body.emails));
        const overPlan =
          error instanceof ApiError && (error.errors?.emails ?? []).some((m) => isOwnMemberLimitMessage(m));
        if (overPlan && billingEnabled) setUpgrading(true);
      },
    });
  };
  return (
    <Dialog
      title={trans('Invite to {name}', { name: workspaceName })}
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
    >
      <Form form={form} onSubmit={onSubmit} aria-label={trans('Invite members')} className="pb-2">
        <FormTextField<Values>
          name="emails"
          label={trans('Emails')}
          description={trans('Separate several addresses with commas or new lines.')}
          multiline
          rows={3}
          autoFocus
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field, fieldState }) => (
            <Select
              label={trans('Role')}
              items={assignableRoleOptions(trans)}
              selectedKey={field.value}
              onSelectionChange={(key) => {
                if (ASSIGNABLE_WORKSPACE_ROLES.includes(key as AssignableRole)) field.onChange(key);
              }}
              onBlur={field.onBlur}
              errorMessage={fieldState.error?.message && trans(fieldState.error.message)}
            />
          )}
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={invite.isPending}>
            {trans('Send invitations')}
          </Button>
        </div>
      </Form>
      <UpgradeDialog
        feature={trans('More workspace members')}
        description={trans(
          'Your plan limits how many members a workspace can have. Plans with more members are on the pricing page.',
        )}
        isOpen={upgrading}
        onOpenChange={setUpgrading}
      />
    </Dialog>
  );
}
