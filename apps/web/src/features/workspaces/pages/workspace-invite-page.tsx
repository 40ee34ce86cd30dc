import { Building2 } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { useDeclineInvite } from '../api/decline-invite';
import { useJoinWorkspace } from '../api/join-workspace';
import { useInvitePreview } from '../api/preview-invite';
import { InvalidInvite, InviteSummary } from '../components/invite-summary';

/**
 * A join link (`/workspace/join/login|register?invite=`) opened while signed in: the invitation
 * answered from here — Join (then the workspace is the active one, in the backstage) or Decline.
 */
export default function WorkspaceInvitePage() {
  const { trans } = useTrans();
  usePageTitle(trans('Workspace invitation'));
  const [params] = useSearchParams();
  const inviteId = params.get('invite') ?? '';
  const { user } = useAuth();
  const invite = useInvitePreview(inviteId);
  const join = useJoinWorkspace();
  const decline = useDeclineInvite();
  const navigate = useNavigate();
  const otherEmail = invite.data && user && invite.data.email.toLowerCase() !== user.email.toLowerCase();
  const busy = join.isPending || decline.isPending;
  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className="flex min-h-dvh flex-1 items-start justify-center bg-paper px-4 py-12 outline-none md:items-center"
    >
      <div className="flex w-full max-w-md flex-col gap-5 rounded-theme border border-divider bg-bg p-6 shadow-sm">
        <div className="flex items-center gap-3">
          <Building2 aria-hidden="true" className="size-6 text-primary" />
          <h1 className="text-xl font-semibold">{trans('Join your team')}</h1>
        </div>
        {invite.isPending && <Spinner label={trans('Loading invitation')} />}
        {invite.isError && (
          <>
            <InvalidInvite />
            <LinkButton href={paths.home()} variant="outline">
              {trans('Go to the home page')}
            </LinkButton>
          </>
        )}
        {invite.data && (
          <>
            <InviteSummary invite={invite.data} />
            {otherEmail && (
              <p className="text-sm text-muted">
                {trans('This invitation was sent to {email}; you are signed in as {current}.', {
                  email: invite.data.email,
                  current: user.email,
                })}
              </p>
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="outline"
                isDisabled={busy}
                isPending={decline.isPending}
                onPress={() =>
                  decline.mutate(inviteId, {
                    onSettled: () => void navigate(paths.home(), { replace: true }),
                  })
                }
              >
                {trans('Decline')}
              </Button>
              <Button
                isDisabled={busy}
                isPending={join.isPending}
                onPress={() =>
                  join.mutate(inviteId, {
                    // Joined and switched to it (useJoinWorkspace): on to its backstage.
                    onSuccess: () => void navigate(paths.backstage(), { replace: true }),
                    onError: () => void invite.refetch(),
                  })
                }
              >
                {trans('Join')}
              </Button>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
