import { DEFAULT_BRANDING, MOBILE_BREAKPOINT_PX } from '@zema/contracts';
import { Link } from 'react-aria-components';
import { useSettings } from '#src/lib/bootstrap-store';
import { paths } from '#src/lib/paths';
import { useActiveTheme } from '#src/lib/use-theme';
import { cx } from '#src/ui/cx';

interface LogoProps {
  className?: string;
  /** Draw the light logo regardless of theme (e.g. over a dark hero image). */
  forceLight?: boolean;
}

/**
 * The site logo linking home: the dark-coloured logo on light themes, the light one on dark themes,
 * and the compact variant under the mobile breakpoint (SPEC §2 navbar).
 */
export function Logo({ className, forceLight }: LogoProps) {
  const { branding, site_name } = useSettings();
  const theme = useActiveTheme();
  const light = forceLight || !!theme?.is_dark;
  const full =
    (light ? branding.logo_light : branding.logo_dark) ??
    (light ? DEFAULT_BRANDING.logo_light : DEFAULT_BRANDING.logo_dark);
  const mobile = light ? branding.logo_light_mobile : branding.logo_dark_mobile;
  return (
    <Link
      href={paths.home()}
      aria-label={`${site_name} home`}
      className={cx('flex shrink-0 items-center rounded-theme', className)}
    >
      <picture>
        {mobile && <source media={`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`} srcSet={mobile} />}
        <img src={full} alt={site_name} className="block h-8 w-auto max-w-40" />
      </picture>
    </Link>
  );
}
