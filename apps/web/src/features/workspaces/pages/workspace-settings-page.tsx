import { DEFAULT_WORKSPACE_ID, msg, type Workspace } from '@zema/contracts';
import { Building2, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '#src/components/states';
import { ApiError } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { LoadingPage } from '#src/ui/loading-page';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { toast } from '#src/ui/toast';
import { useDeleteWorkspace } from '../api/delete-workspace';
import { useWorkspace } from '../api/get-workspace';
import { InviteDialog } from '../components/invite-dialog';
import { InvitesTable } from '../components/invites-table';
import { LazyCreateWorkspaceDialog } from '../components/lazy-create-workspace-dialog';
import { MembersTable } from '../components/members-table';
import { SharedArtists } from '../components/shared-artists';
import { WorkspaceCard } from '../components/workspace-card';
import { WorkspaceNameForm } from '../components/workspace-name-form';
import { WorkspaceSwitcher } from '../components/workspace-switcher';
import { workspaceAbilities } from '../lib/roles';
import { useWorkspaceChoices } from '../lib/use-workspace-choices';

export const WORKSPACE_PAGE_TITLE = msg('Workspace');

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  const { trans } = useTrans();
  usePageTitle(title);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 md:px-8">
        <header className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wider text-primary uppercase">
              {trans('Backstage')}
            </p>
            <h1 className="text-2xl font-bold tracking-tight break-words text-fg">{title}</h1>
          </div>
          <WorkspaceSwitcher />
        </header>
        {children}
      </div>
    </main>
  );
}

/**
 * /backstage/workspace: the active workspace's settings, where a team's owner and admins look for
 * them (next to the backstage it shares): name, members, invitations, shared artists, and the
 * danger zone. Each control shows by the caller's workspace permissions in the server's answer.
 */
export default function WorkspaceSettingsPage() {
  const choices = useWorkspaceChoices();
  if (choices.activeId === DEFAULT_WORKSPACE_ID) return <PersonalWorkspace />;
  return <TeamWorkspace key={choices.activeId} id={choices.activeId} />;
}

function PersonalWorkspace() {
  const { trans } = useTrans();
  const [creating, setCreating] = useState(false);
  return (
    <Frame title={trans(WORKSPACE_PAGE_TITLE)}>
      <WorkspaceCard
        title={trans('Your personal workspace')}
        description={trans(
          'What you manage on your own lives here. Create a workspace to share artists, releases and insights with your team, or switch to one you belong to.',
        )}
      >
        <div>
          <Button onPress={() => setCreating(true)}>
            <Building2 aria-hidden="true" />
            {trans('Create workspace')}
          </Button>
        </div>
      </WorkspaceCard>
      <LazyCreateWorkspaceDialog isOpen={creating} onOpenChange={setCreating} />
    </Frame>
  );
}

function TeamWorkspace({ id }: { id: number }) {
  const { trans } = useTrans();
  const query = useWorkspace(id);
  const choices = useWorkspaceChoices();
  if (query.isPending) return <LoadingPage className="min-h-[60dvh] bg-transparent" />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && [403, 404].includes(query.error.status);
    return (
      <Frame title={trans(WORKSPACE_PAGE_TITLE)}>
        {gone ? (
          <WorkspaceCard
            title={trans('This workspace is not available')}
            description={trans('You are no longer a member of it, or it was deleted.')}
          >
            <div>
              <Button onPress={() => choices.switchTo(DEFAULT_WORKSPACE_ID)}>
                {trans('Back to your personal workspace')}
              </Button>
            </div>
          </WorkspaceCard>
        ) : (
          <ErrorState onRetry={() => query.refetch()} />
        )}
      </Frame>
    );
  }
  const { workspace, members, invites } = query.data;
  return <TeamWorkspaceView workspace={workspace} members={members} invites={invites} />;
}

function TeamWorkspaceView({
  workspace,
  members,
  invites,
}: {
  workspace: Workspace;
  members: Parameters<typeof MembersTable>[0]['members'];
  invites: Parameters<typeof InvitesTable>[0]['invites'];
}) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const choices = useWorkspaceChoices();
  const can = workspaceAbilities(workspace);
  const [inviting, setInviting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteWorkspace();
  const toPersonal = () => {
    choices.switchTo(DEFAULT_WORKSPACE_ID);
    void navigate(paths.backstage());
  };
  return (
    <Frame title={workspace.name}>
      {can.rename && (
        <WorkspaceCard title={trans('Details')}>
          <WorkspaceNameForm workspace={workspace} />
        </WorkspaceCard>
      )}
      <WorkspaceCard
        title={trans('Members')}
        description={trans('{count, plural, one {# member} other {# members}}', { count: members.length })}
        actions={
          can.invite && (
            <Button onPress={() => setInviting(true)}>
              <UserPlus aria-hidden="true" />
              {trans('Invite members')}
            </Button>
          )
        }
      >
        <MembersTable workspace={workspace} members={members} can={can} onLeft={toPersonal} />
      </WorkspaceCard>
      {(can.invite || invites.length > 0) && (
        <WorkspaceCard title={trans('Pending invitations')}>
          <InvitesTable workspaceId={workspace.id} invites={invites} canManage={can.invite} />
        </WorkspaceCard>
      )}
      <WorkspaceCard
        title={trans('Shared artists')}
        description={trans('Members act on these artists by their role in the workspace.')}
      >
        <SharedArtists workspaceId={workspace.id} can={can} />
      </WorkspaceCard>
      {can.delete && (
        <WorkspaceCard
          title={trans('Delete workspace')}
          description={trans(
            'Its members lose access to its artists and releases at once. This cannot be undone.',
          )}
          className="border-danger/40"
        >
          <div>
            <Button variant="danger" onPress={() => setDeleting(true)}>
              {trans('Delete workspace')}
            </Button>
          </div>
        </WorkspaceCard>
      )}
      {inviting && (
        <InviteDialog
          workspaceId={workspace.id}
          workspaceName={workspace.name}
          isOpen
          onOpenChange={setInviting}
        />
      )}
      <ConfirmDialog
        isOpen={deleting}
        onOpenChange={setDeleting}
        danger
        title={trans('Delete “{name}”?', { name: workspace.name })}
        confirmLabel={trans('Delete')}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(workspace.id, {
            onSuccess: () => {
              setDeleting(false);
              toast.positive(trans('Deleted {name}', { name: workspace.name }));
              toPersonal();
            },
          })
        }
      >
        {trans(
          '“{name}” and its invitations will be deleted, and its {count} members will lose access to its artists and releases.',
          { name: workspace.name, count: members.length },
        )}
      </ConfirmDialog>
    </Frame>
  );
}
