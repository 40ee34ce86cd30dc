import { WORKSPACE_ROLE_LABELS, type WorkspaceInvite } from '@zema/contracts';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { toast } from '#src/ui/toast';
import { useResendInvite } from '../api/resend-invite';
import { useRevokeInvite } from '../api/revoke-invite';
import { PeopleTable } from './people-table';

/** Pending invitations: email, role, who sent it, when it expires; resend and revoke. */
export function InvitesTable({
  workspaceId,
  invites,
  canManage,
}: {
  workspaceId: number;
  invites: WorkspaceInvite[];
  canManage: boolean;
}) {
  const { trans } = useTrans();
  const format = useFormat();
  const resend = useResendInvite(workspaceId);
  const revoke = useRevokeInvite(workspaceId);
  if (!invites.length) return <p className="text-sm text-muted">{trans('No pending invitations.')}</p>;
  return (
    <PeopleTable
      label={trans('Pending invitations')}
      rows={invites}
      rowKey={(invite) => invite.id}
      columns={[
        {
          header: trans('Email'),
          cell: (invite) => (
            <>
              <p className="truncate font-medium">{invite.email}</p>
              <p className="text-xs text-muted md:hidden">
                {trans('Expires {date}', { date: format.date(invite.expires_at) })}
              </p>
            </>
          ),
        },
        { header: trans('Role'), cell: (invite) => trans(WORKSPACE_ROLE_LABELS[invite.role]) },
        { header: trans('Sent by'), cell: (invite) => invite.invited_by ?? '—', wide: true },
        { header: trans('Expires'), cell: (invite) => format.date(invite.expires_at), wide: true },
      ]}
      actions={
        canManage
          ? (invite) => (
              <>
                <Button
                  size="sm"
                  variant="text"
                  aria-label={trans('Resend the invitation to {email}', { email: invite.email })}
                  isPending={resend.isPending && resend.variables === invite.id}
                  onPress={() =>
                    resend.mutate(invite.id, { onSuccess: () => toast.positive(trans('Email sent')) })
                  }
                >
                  {trans('Resend')}
                </Button>
                <Button
                  size="sm"
                  variant="text"
                  className="text-danger"
                  aria-label={trans('Revoke the invitation to {email}', { email: invite.email })}
                  isPending={revoke.isPending && revoke.variables === invite.id}
                  onPress={() =>
                    revoke.mutate(invite.id, {
                      onSuccess: () => toast.positive(trans('Revoked the invitation')),
                    })
                  }
                >
                  {trans('Revoke')}
                </Button>
              </>
            )
          : undefined
      }
    />
  );
}
