import { useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { UserAvatar } from '#src/components/user-avatar';
import { LazyCreateWorkspaceDialog } from '#src/features/workspaces';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { LazyMenuTrigger, lazyMenu } from '#src/ui/lazy-menu';

const UserMenuItems = lazyMenu(() => import('./user-menu-items').then((m) => m.UserMenuItems));

/**
 * The signed-in user's avatar button and its menu (the menu's code loads on first open). The
 * "Create workspace" dialog lives here, outside the menu, which closes when an item is chosen.
 */
export function UserMenu() {
  const { user } = useAuth();
  const { trans } = useTrans();
  const [creatingWorkspace, setCreatingWorkspace] = useState(false);
  if (!user) return null;
  return (
    <>
      <LazyMenuTrigger
        menu={UserMenuItems}
        menuProps={{ onCreateWorkspace: () => setCreatingWorkspace(true) }}
      >
        {(trigger) => (
          <AriaButton
            {...trigger}
            aria-label={trans('Account menu')}
            className="flex items-center gap-2 rounded-full p-0.5 transition-opacity data-hovered:opacity-90"
          >
            <UserAvatar name={user.display_name} src={user.avatar} />
          </AriaButton>
        )}
      </LazyMenuTrigger>
      <LazyCreateWorkspaceDialog isOpen={creatingWorkspace} onOpenChange={setCreatingWorkspace} />
    </>
  );
}
