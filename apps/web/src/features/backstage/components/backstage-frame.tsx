import {
  ChartLine,
  Disc,
  LayoutDashboard,
  type LucideIcon,
  Music,
  Send,
  Upload,
  UserRound,
} from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { WorkspaceSwitcher } from '#src/features/workspaces';
import { useHasBackstageAccess } from '#src/lib/active-workspace';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Card } from '#src/ui/card';
import { cx } from '#src/ui/cx';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { useMyArtists } from '../api/list-my-artists';
import { canEditArtist } from './artist-access';

type NavItem = { label: string; to: string; icon: LucideIcon; end?: boolean };

/**
 * The backstage's frame: a title, the workspace switcher, the artist's navigation (only once the
 * user manages an artist), a notice (a read-only role says so) and the page. The navigation
 * scrolls sideways on a phone instead of wrapping; Upload shows only to who may upload.
 */
export function BackstageFrame({
  title,
  description,
  actions,
  notice,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Shown between the header and the page (the read-only notice of a Viewer). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  const { trans } = useTrans();
  usePageTitle(title);
  const hasBackstageAccess = useHasBackstageAccess();
  const artists = useMyArtists(hasBackstageAccess);
  const first = artists.data?.[0];
  const mayUpload = artists.data?.some(canEditArtist) ?? false;
  const nav: NavItem[] = first
    ? [
        { label: trans('Overview'), to: paths.backstage(), icon: LayoutDashboard, end: true },
        { label: trans('Profile'), to: paths.backstageArtist(first), icon: UserRound },
        { label: trans('Tracks'), to: paths.backstageTracks(), icon: Music },
        { label: trans('Albums'), to: paths.backstageAlbums(), icon: Disc },
        ...(mayUpload ? [{ label: trans('Upload'), to: paths.backstageUpload(), icon: Upload }] : []),
        { label: trans('Insights'), to: paths.backstageInsights(), icon: ChartLine },
        { label: trans('Requests'), to: paths.backstageRequests(), icon: Send },
      ]
    : [];
  // On a phone the tabs scroll sideways: bring the current one into view (Insights sits far right).
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the page or the tabs change.
  useEffect(() => {
    const bar = navRef.current;
    const active = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !active) return;
    const tab = active.getBoundingClientRect();
    const box = bar.getBoundingClientRect();
    bar.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
  }, [pathname, nav.length]);
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:px-8">
        <header className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-semibold uppercase tracking-wider text-primary">
                {trans('Backstage')}
              </p>
              <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
              {description && <p className="mt-1 text-sm text-muted">{description}</p>}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <WorkspaceSwitcher />
              {actions}
            </div>
          </div>
          {nav.length > 0 && (
            <nav
              ref={navRef}
              aria-label={trans('Backstage')}
              className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0"
            >
              <ul className="flex min-w-max gap-1 border-b border-divider">
                {nav.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      className={({ isActive }) =>
                        cx(
                          '-mb-px flex items-center gap-2 rounded-t-theme border-b-2 px-3 py-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-primary',
                          isActive
                            ? 'border-primary text-fg'
                            : 'border-transparent text-muted hover:bg-hover hover:text-fg',
                        )
                      }
                    >
                      <item.icon aria-hidden className="size-4" />
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </header>
        {notice}
        {children}
      </div>
    </main>
  );
}

/** A titled panel of a backstage page: the app's one card. */
export function BackstageCard(props: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return <Card {...props} />;
}
