import { WORKSPACE_ROLE_LABELS, type WorkspaceInvite } from '@zema/contracts';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { toast } from '#src/ui/toast';
import { useResendInvite } from '../api/resend-invite';
import { useRevokeInvite } from '../api/revoke-invite';
import { formatDate } from '../lib/roles';

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
  const resend = useResendInvite(workspaceId);
  const revoke = useRevokeInvite(workspaceId);
  if (!invites.length) return <p className="text-sm text-muted">{trans('No pending invitations.')}</p>;
  return (
    <div>
      <table className="w-full text-left text-sm" aria-label={trans('Pending invitations')}>
        <thead className="text-xs text-muted uppercase">
          <tr className="border-b border-divider">
            <th scope="col" className="py-2 pr-3 font-semibold">
              {trans('Email')}
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              {trans('Role')}
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-semibold md:table-cell">
              {trans('Sent by')}
            </th>
            <th scope="col" className="hidden py-2 pr-3 font-semibold md:table-cell">
              {trans('Expires')}
            </th>
            {canManage && (
              <th scope="col" className="py-2 text-right font-semibold">
                <span className="sr-only">{trans('Actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {invites.map((invite) => (
            <tr key={invite.id} className="border-b border-divider last:border-0">
              <td className="w-full max-w-0 py-3 pr-3">
                <p className="truncate font-medium">{invite.email}</p>
                <p className="text-xs text-muted md:hidden">
                  {trans('Expires :date', { date: formatDate(invite.expires_at) })}
                </p>
              </td>
              <td className="py-3 pr-3">{trans(WORKSPACE_ROLE_LABELS[invite.role])}</td>
              <td className="hidden py-3 pr-3 md:table-cell">{invite.invited_by ?? '—'}</td>
              <td className="hidden py-3 pr-3 md:table-cell">{formatDate(invite.expires_at)}</td>
              {canManage && (
                <td className="py-3 text-right">
                  <div className="flex flex-wrap justify-end gap-1">
                    <Button
                      size="sm"
                      variant="text"
                      aria-label={trans('Resend the invitation to :email', { email: invite.email })}
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
                      aria-label={trans('Revoke the invitation to :email', { email: invite.email })}
                      isPending={revoke.isPending && revoke.variables === invite.id}
                      onPress={() =>
                        revoke.mutate(invite.id, {
                          onSuccess: () => toast.positive(trans('Revoked the invitation')),
                        })
                      }
                    >
                      {trans('Revoke')}
                    </Button>
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
