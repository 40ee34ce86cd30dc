import { Bell, CreditCard, LogOut, Moon, Settings, Sun, UserRound } from 'lucide-react';
import { useVisibleMenuItems } from '#src/components/chrome/custom-menu';
import { CustomMenuRows } from '#src/components/chrome/custom-menu-items';
import { useWorkspaceChoices, WorkspaceMenuSections } from '#src/features/workspaces';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useLogout } from '#src/lib/use-logout';
import { useThemeSelector } from '#src/lib/use-theme';
import { Menu, MenuItem, MenuSeparator } from '#src/ui/menu';
import { useIsMobile } from '#src/ui/use-media-query';

/**
 * SPEC §2 user menu: custom 'account-menu' items (links in a new tab, routes navigate), Profile
 * page, Account settings (nothing else in the app leads there), Notifications with unread count
 * (small screens, when integrated), Billing (subscribed, billing on), the theme toggle (when users
 * may change it), the workspace switcher (decision 0035: the workspaces, "Create workspace", "Manage
 * workspace") and Log out. Loaded when the menu first opens (`user-menu.tsx`).
 */
export function UserMenuItems({ onCreateWorkspace }: { onCreateWorkspace: () => void }) {
  const { user, isSubscribed } = useAuth();
  const settings = useSettings();
  const theme = useThemeSelector();
  const isMobile = useIsMobile();
  const customItems = useVisibleMenuItems('account-menu');
  const { logout } = useLogout();
  const { trans } = useTrans();
  const workspaces = useWorkspaceChoices();
  if (!user) return null;

  const unread = user.unread_notifications_count;
  return (
    <Menu placement="bottom end" aria-label={trans('Account')}>
      <CustomMenuRows items={customItems} idPrefix="custom-" />
      {customItems.length > 0 && <MenuSeparator />}
      <MenuItem id="profile" href={paths.user(user)} icon={<UserRound />}>
        {trans('Profile page')}
      </MenuItem>
      <MenuItem id="account-settings" href={paths.accountSettings()} icon={<Settings />}>
        {trans('Account settings')}
      </MenuItem>
      {isMobile && settings.notifications.integrated && (
        <MenuItem
          id="notifications"
          href={paths.notifications()}
          icon={<Bell />}
          endContent={unread > 0 ? unread : undefined}
          endContentNote={trans('unread')}
        >
          {trans('Notifications')}
        </MenuItem>
      )}
      {isSubscribed && settings.billing.enable && (
        <MenuItem id="billing" href={paths.billing()} icon={<CreditCard />}>
          {trans('Billing')}
        </MenuItem>
      )}
      {theme.canChange && (
        <MenuItem id="theme" onAction={theme.toggle} icon={theme.isDark ? <Sun /> : <Moon />}>
          {trans(theme.toggleLabel)}
        </MenuItem>
      )}
      <MenuSeparator />
      <WorkspaceMenuSections choices={workspaces} onCreate={onCreateWorkspace} />
      <MenuSeparator />
      <MenuItem id="logout" onAction={logout} icon={<LogOut />}>
        {trans('Log out')}
      </MenuItem>
    </Menu>
  );
}
