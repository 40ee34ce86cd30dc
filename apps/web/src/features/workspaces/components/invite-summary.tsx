import { WORKSPACE_ROLE_LABELS, type workspaceInvitePreviewSchema } from '@zema/contracts';
import { Building2 } from 'lucide-react';
import type { z } from 'zod';
import { useTrans } from '#src/lib/i18n';
import { INVITE_NO_LONGER_VALID } from '../api/join-workspace';

export type InvitePreview = z.infer<typeof workspaceInvitePreviewSchema>;

/** What an invitation is for: the workspace, who invited, the role. */
export function InviteSummary({ invite }: { invite: InvitePreview }) {
  const { trans } = useTrans();
  return (
    <div className="mb-2 flex items-start gap-3 rounded-theme border border-divider bg-bg p-4 text-sm">
      <Building2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0">
        <p className="font-semibold break-words">{invite.workspace_name}</p>
        <p className="text-muted">
          {invite.invited_by
            ? trans('{name} invited you to join as {role}.', {
                name: invite.invited_by,
                role: trans(WORKSPACE_ROLE_LABELS[invite.role]),
              })
            : trans('You are invited to join as {role}.', {
                role: trans(WORKSPACE_ROLE_LABELS[invite.role]),
              })}
        </p>
      </div>
    </div>
  );
}

/** An invitation that was revoked, used, expired or never existed (SPEC §8). */
export function InvalidInvite() {
  const { trans } = useTrans();
  return (
    <p role="alert" className="mb-2 rounded-theme border border-danger/40 bg-danger/10 p-4 text-sm text-fg">
      {trans(INVITE_NO_LONGER_VALID)}
    </p>
  );
}
