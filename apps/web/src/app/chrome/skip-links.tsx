import { PLAYER_REGION_ID, useHasPlayerRegion } from '#src/features/player';
import { useTrans } from '#src/lib/i18n';
import { MAIN_CONTENT_ID, SkipLink } from '#src/ui/skip-link';

/**
 * The first Tab stops of every page: past the navigation to the page's content, and (while a player
 * is on screen) to the player, which otherwise comes after every control of a long page.
 */
export function SkipLinks() {
  const { trans } = useTrans();
  const hasPlayer = useHasPlayerRegion();
  return (
    <>
      <SkipLink targetId={MAIN_CONTENT_ID}>{trans('Skip to content')}</SkipLink>
      {hasPlayer && <SkipLink targetId={PLAYER_REGION_ID}>{trans('Skip to player')}</SkipLink>}
    </>
  );
}
