import { ADMIN_PERMISSIONS as A, msg } from '@zema/contracts';
import {
  Activity,
  BadgeCheck,
  Bug,
  ChevronsLeft,
  ChevronsRight,
  CreditCard,
  Disc,
  Disc3,
  ExternalLink,
  FileText,
  Inbox,
  Languages,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Mail,
  Menu as MenuIcon,
  MicVocal,
  Music,
  Palette,
  Radio,
  Receipt,
  Repeat,
  Rows3,
  ScrollText,
  Settings,
  Shield,
  Tags,
  Users,
  Webhook,
} from 'lucide-react';
import { Suspense, useState } from 'react';
import { Dialog, Heading } from 'react-aria-components';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '#src/components/chrome/logo';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { LoadingPage } from '#src/ui/loading-page';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Tray } from '#src/ui/tray';
import { useIsMobile } from '#src/ui/use-media-query';
import { UserMenu } from './chrome/user-menu';

/**
 * The admin area's frame: a sidebar grouped by concern — collapsible on desktop, a tray
 * under 768 px — and the page. An item shows only to an admin holding its permission. Later
 * capabilities add their pages with one entry here and one route in router.tsx. The labels are
 * catalogue sources (`msg`), translated where they are shown.
 */
export type AdminNavItem = { label: string; to: string; icon: LucideIcon; permission: string; end?: boolean };
export type AdminNavGroup = { label: string; items: AdminNavItem[] };

export const ADMIN_NAV: AdminNavGroup[] = [
  {
    label: msg('Overview'),
    items: [
      {
        label: msg('Dashboard'),
        to: paths.admin(),
        icon: LayoutDashboard,
        permission: A.analyticsView,
        end: true,
      },
    ],
  },
  {
    label: msg('People'),
    items: [
      { label: msg('Users'), to: paths.adminUsers(), icon: Users, permission: A.usersView },
      { label: msg('Roles'), to: paths.adminRoles(), icon: Shield, permission: A.rolesView },
      {
        label: msg('Backstage requests'),
        to: paths.adminBackstageRequests(),
        icon: BadgeCheck,
        permission: A.backstageReview,
      },
    ],
  },
  {
    label: msg('Catalogue'),
    items: [
      { label: msg('Artists'), to: paths.adminArtists(), icon: MicVocal, permission: A.artistsUpdate },
      { label: msg('Albums'), to: paths.adminAlbums(), icon: Disc, permission: A.albumsUpdate },
      { label: msg('Tracks'), to: paths.adminTracks(), icon: Music, permission: A.tracksUpdate },
      { label: msg('Genres'), to: paths.adminGenres(), icon: Tags, permission: A.genresUpdate },
      { label: msg('Channels'), to: paths.adminChannels(), icon: Rows3, permission: A.channelsUpdate },
      { label: msg('Radio'), to: paths.adminRadio(), icon: Radio, permission: A.radioUpdate },
    ],
  },
  {
    label: msg('Billing'),
    items: [
      { label: msg('Plans'), to: paths.adminBillingPlans(), icon: CreditCard, permission: A.billingManage },
      {
        label: msg('Subscriptions'),
        to: paths.adminBillingSubscriptions(),
        icon: Repeat,
        permission: A.billingManage,
      },
      {
        label: msg('Payments'),
        to: paths.adminBillingPayments(),
        icon: Receipt,
        permission: A.billingManage,
      },
      {
        label: msg('Webhooks'),
        to: paths.adminBillingWebhooks(),
        icon: Webhook,
        permission: A.billingManage,
      },
    ],
  },
  {
    label: msg('Site'),
    items: [
      {
        label: msg('Appearance'),
        to: paths.adminAppearance(),
        icon: Palette,
        permission: A.appearanceUpdate,
      },
      { label: msg('Pages'), to: paths.adminCustomPages(), icon: FileText, permission: A.customPagesUpdate },
      {
        label: msg('Contact messages'),
        to: paths.adminContactMessages(),
        icon: Inbox,
        permission: A.contactMessagesView,
      },
      {
        label: msg('Localizations'),
        to: paths.adminLocalizations(),
        icon: Languages,
        permission: A.localizationsUpdate,
      },
      { label: msg('Settings'), to: paths.adminSettings(), icon: Settings, permission: A.settingsUpdate },
    ],
  },
  {
    label: msg('System'),
    items: [
      { label: msg('Audit log'), to: paths.adminAuditLog(), icon: ScrollText, permission: A.logsView },
      { label: msg('Error log'), to: paths.adminErrorLog(), icon: Bug, permission: A.logsView },
      { label: msg('Mail log'), to: paths.adminMailLog(), icon: Mail, permission: A.logsView },
      { label: msg('Jobs'), to: paths.adminJobs(), icon: ListChecks, permission: A.logsView },
      { label: msg('Health'), to: paths.adminHealth(), icon: Activity, permission: A.logsView },
    ],
  },
];

const COLLAPSED_KEY = 'zema.admin.sidebar-collapsed';

function useVisibleNav(): AdminNavGroup[] {
  const auth = useAuth();
  return ADMIN_NAV.map((g) => ({
    ...g,
    items: g.items.filter((i) => auth.hasPermission(i.permission)),
  })).filter((g) => g.items.length > 0);
}

function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const groups = useVisibleNav();
  const { trans } = useTrans();
  return (
    <nav aria-label={trans('Admin')} className="flex flex-col gap-5">
      {groups.map((group) => (
        <div key={group.label} className="flex flex-col gap-1">
          <h2
            className={cx(
              'px-3 text-[11px] font-semibold uppercase tracking-wider text-muted',
              collapsed && 'sr-only',
            )}
          >
            {trans(group.label)}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  onClick={onNavigate}
                  title={collapsed ? trans(item.label) : undefined}
                  className={({ isActive }) =>
                    cx(
                      'flex items-center gap-3 rounded-theme px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-primary',
                      isActive
                        ? 'bg-primary/15 font-semibold text-fg shadow-[inset_3px_0_0_var(--color-primary)]'
                        : 'text-fg hover:bg-hover',
                      collapsed && 'justify-center px-0',
                    )
                  }
                >
                  <item.icon aria-hidden className="size-[18px] shrink-0" />
                  <span className={cx(collapsed && 'sr-only')}>{trans(item.label)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function SiteLinks({ collapsed }: { collapsed: boolean }) {
  const { trans } = useTrans();
  const link =
    'flex items-center gap-3 rounded-theme px-3 py-2 text-sm text-muted outline-none hover:bg-hover hover:text-fg focus-visible:ring-2 focus-visible:ring-primary';
  return (
    <ul className="flex flex-col gap-0.5 border-t border-divider pt-3">
      <li>
        <a
          href="/"
          className={cx(link, collapsed && 'justify-center px-0')}
          title={collapsed ? trans('Back to site') : undefined}
        >
          <ExternalLink aria-hidden className="size-[18px] shrink-0" />
          <span className={cx(collapsed && 'sr-only')}>{trans('Back to site')}</span>
        </a>
      </li>
      <li>
        <a
          href="/discover"
          className={cx(link, collapsed && 'justify-center px-0')}
          title={collapsed ? trans('Open the player') : undefined}
        >
          <Disc3 aria-hidden className="size-[18px] shrink-0" />
          <span className={cx(collapsed && 'sr-only')}>{trans('Open the player')}</span>
        </a>
      </li>
    </ul>
  );
}

export default function AdminLayout() {
  const { trans } = useTrans();
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(() => {
    try {
      return localStorage.getItem(COLLAPSED_KEY) === '1';
    } catch {
      return false;
    }
  });
  const [trayOpen, setTrayOpen] = useState(false);
  const location = useLocation();
  const toggle = () => {
    setCollapsed((c) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      } catch {}
      return !c;
    });
  };

  return (
    <div className="flex min-h-dvh bg-bg-alt text-fg">
      {!isMobile && (
        <aside
          className={cx(
            'sticky top-0 flex h-dvh shrink-0 flex-col gap-4 overflow-y-auto border-e border-divider bg-bg p-3 transition-[width]',
            collapsed ? 'w-16' : 'w-60',
          )}
        >
          <div
            className={cx('flex items-center gap-2 px-1 py-1', collapsed ? 'flex-col' : 'justify-between')}
          >
            {!collapsed && (
              <a href="/" className="rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-primary">
                <Logo className="h-7" />
              </a>
            )}
            <Button
              variant="icon"
              size="sm"
              aria-label={collapsed ? trans('Expand the sidebar') : trans('Collapse the sidebar')}
              aria-expanded={!collapsed}
              onPress={toggle}
            >
              {collapsed ? <ChevronsRight aria-hidden /> : <ChevronsLeft aria-hidden />}
            </Button>
          </div>
          <div className="flex-1">
            <SidebarNav collapsed={collapsed} />
          </div>
          <SiteLinks collapsed={collapsed} />
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-divider bg-bg/95 px-3 backdrop-blur md:px-6">
          {isMobile && (
            <>
              <Button
                variant="icon"
                aria-label={trans('Open the admin menu')}
                onPress={() => setTrayOpen(true)}
              >
                <MenuIcon aria-hidden />
              </Button>
              <a href="/" className="rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-primary">
                <Logo className="h-6" />
              </a>
            </>
          )}
          <span className="text-sm font-semibold text-muted">{isMobile ? '' : trans('Administration')}</span>
          <div className="ms-auto">
            <UserMenu />
          </div>
        </header>
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="flex-1 outline-none"
          key={location.pathname.split('/')[2] ?? ''}
        >
          <Suspense fallback={<LoadingPage />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {isMobile && (
        <Tray isOpen={trayOpen} onOpenChange={setTrayOpen}>
          <Dialog aria-label={trans('Admin menu')} className="flex flex-col gap-4 px-4 pb-4 outline-none">
            <Heading slot="title" className="sr-only">
              {trans('Admin menu')}
            </Heading>
            <SidebarNav collapsed={false} onNavigate={() => setTrayOpen(false)} />
            <SiteLinks collapsed={false} />
          </Dialog>
        </Tray>
      )}
    </div>
  );
}
