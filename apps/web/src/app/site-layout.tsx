import { Outlet } from 'react-router';
import { SiteFooter } from './chrome/site-footer';
import { SiteNavbar } from './chrome/site-navbar';

/**
 * The frame of the site's own pages outside the player area (account settings, API docs): the
 * site navbar, the page (which renders its `<main>`), the footer.
 */
export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-bg-alt text-fg">
      <SiteNavbar />
      <Outlet />
      <SiteFooter />
    </div>
  );
}
