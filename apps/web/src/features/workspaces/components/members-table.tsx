import {
  ASSIGNABLE_WORKSPACE_ROLES,
  WORKSPACE_ROLE_LABELS,
  type Workspace,
  type WorkspaceMember,
} from '@zema/contracts';
import { useState } from 'react';
import { UserAvatar } from '#src/components/user-avatar';
import { useAuth } from '#src/lib/bootstrap-store';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import { useRemoveMember } from '../api/remove-member';
import { useTransferWorkspace } from '../api/transfer-workspace';
import { type AssignableRole, useUpdateMember } from '../api/update-member';
import { assignableRoleOptions, type WorkspaceAbilities } from '../lib/roles';
import { PeopleTable } from './people-table';

type Pending =
  | { kind: 'remove'; member: WorkspaceMember }
  | { kind: 'leave'; member: WorkspaceMember }
  | { kind: 'transfer'; member: WorkspaceMember };

/**
 * The members: avatar, name, email, role (a select for those allowed to change it), and per row
 * remove, leave (yourself) or make owner (the owner, for another member). The owner's own row has
 * no leave: ownership moves first.
 */
export function MembersTable({
  workspace,
  members,
  can,
  onLeft,
}: {
  workspace: Workspace;
  members: WorkspaceMember[];
  can: WorkspaceAbilities;
  onLeft: () => void;
}) {
  const { trans } = useTrans();
  const format = useFormat();
  const { user } = useAuth();
  const update = useUpdateMember(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const transfer = useTransferWorkspace(workspace.id);
  const [pending, setPending] = useState<Pending | null>(null);
  const close = () => setPending(null);

  const confirm = () => {
    if (!pending) return;
    const { member } = pending;
    if (pending.kind === 'transfer') {
      transfer.mutate(member.user_id, {
        onSuccess: () => {
          toast.positive(trans('{name} is now the owner', { name: member.display_name }));
          close();
        },
      });
      return;
    }
    const leaving = pending.kind === 'leave';
    remove.mutate(
      { userId: member.user_id, leaving },
      {
        onSuccess: () => {
          close();
          if (leaving) {
            toast.positive(trans('You left {name}', { name: workspace.name }));
            onLeft();
          } else {
            toast.positive(trans('Removed {name}', { name: member.display_name }));
          }
        },
      },
    );
  };

  const mayChangeRole = (member: WorkspaceMember) =>
    can.changeRoles && member.role !== 'owner' && member.user_id !== user?.id;

  return (
    <>
      <PeopleTable
        label={trans('Members')}
        rows={members}
        rowKey={(member) => member.user_id}
        columns={[
          {
            header: trans('Member'),
            cell: (member) => (
              <div className="flex min-w-0 items-center gap-3">
                <UserAvatar name={member.display_name} src={member.avatar} className="size-9 shrink-0" />
                <div className="min-w-0">
                  <p className="truncate font-medium">
                    {member.display_name}
                    {member.user_id === user?.id && <span className="ml-1 text-muted">({trans('you')})</span>}
                  </p>
                  <p className="truncate text-xs text-muted">{member.email}</p>
                  <p className="hidden text-xs text-muted md:block">
                    {trans('Joined {date}', { date: format.date(member.joined_at) })}
                  </p>
                </div>
              </div>
            ),
          },
          {
            header: trans('Role'),
            cell: (member) =>
              mayChangeRole(member) ? (
                <Select
                  aria-label={trans('Role of {name}', { name: member.display_name })}
                  items={assignableRoleOptions(trans)}
                  selectedKey={member.role}
                  isDisabled={update.isPending}
                  onSelectionChange={(key) => {
                    const role = key as AssignableRole;
                    if (role === member.role || !ASSIGNABLE_WORKSPACE_ROLES.includes(role)) return;
                    update.mutate(
                      { userId: member.user_id, role },
                      {
                        onSuccess: () =>
                          toast.positive(
                            trans('{name} is now {role}', {
                              name: member.display_name,
                              role: trans(WORKSPACE_ROLE_LABELS[role]),
                            }),
                          ),
                      },
                    );
                  }}
                  className="w-36"
                />
              ) : (
                <span>{trans(WORKSPACE_ROLE_LABELS[member.role])}</span>
              ),
          },
        ]}
        actions={(member) => {
          const self = member.user_id === user?.id;
          const isOwner = member.role === 'owner';
          return (
            <>
              {can.transfer && !self && (
                <Button
                  size="sm"
                  variant="text"
                  onPress={() => setPending({ kind: 'transfer', member })}
                  aria-label={trans('Make {name} the owner', { name: member.display_name })}
                >
                  {trans('Make owner')}
                </Button>
              )}
              {self && !isOwner && (
                <Button size="sm" variant="text" onPress={() => setPending({ kind: 'leave', member })}>
                  {trans('Leave')}
                </Button>
              )}
              {!self && !isOwner && can.removeMembers && (
                <Button
                  size="sm"
                  variant="text"
                  className="text-danger"
                  onPress={() => setPending({ kind: 'remove', member })}
                  aria-label={trans('Remove {name}', { name: member.display_name })}
                >
                  {trans('Remove')}
                </Button>
              )}
            </>
          );
        }}
      />
      {pending && (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => !open && close()}
          danger={pending.kind !== 'transfer'}
          isPending={remove.isPending || transfer.isPending}
          onConfirm={confirm}
          title={
            pending.kind === 'leave'
              ? trans('Leave {name}?', { name: workspace.name })
              : pending.kind === 'remove'
                ? trans('Remove {name}?', { name: pending.member.display_name })
                : trans('Make {name} the owner?', { name: pending.member.display_name })
          }
          confirmLabel={
            pending.kind === 'leave'
              ? trans('Leave')
              : pending.kind === 'remove'
                ? trans('Remove')
                : trans('Make owner')
          }
        >
          {pending.kind === 'leave'
            ? trans('You will no longer see the artists and releases of {name}.', { name: workspace.name })
            : pending.kind === 'remove'
              ? trans('{name} will no longer see the artists and releases of {workspace}.', {
                  name: pending.member.display_name,
                  workspace: workspace.name,
                })
              : trans('{name} will own {workspace}, and you will become an admin.', {
                  name: pending.member.display_name,
                  workspace: workspace.name,
                })}
        </ConfirmDialog>
      )}
    </>
  );
}
