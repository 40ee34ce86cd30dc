import { useEffect } from 'react';
import { useSettings } from './bootstrap-store';

/**
 * The one way a page names itself: "<title> - <site name>", or the site name alone without a
 * title. Undefined while the page's data loads leaves the previous title until it is known.
 * Every page goes through here so that each title carries the site name the same way (the
 * hoisted <title> elements some pages rendered named only the page).
 */
export function usePageTitle(title: string | null | undefined, options: { siteOnly?: boolean } = {}) {
  const { site_name } = useSettings();
  const siteOnly = options.siteOnly ?? false;
  useEffect(() => {
    if (siteOnly) document.title = site_name;
    else if (title) document.title = `${title} - ${site_name}`;
  }, [title, site_name, siteOnly]);
}
