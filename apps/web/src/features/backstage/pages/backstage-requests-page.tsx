import { useHasBackstageAccess } from '#src/lib/active-workspace';
import { useTrans } from '#src/lib/i18n';
import { useMyArtists } from '../api/list-my-artists';
import { BackstageFrame } from '../components/backstage-frame';
import { RequestsPanel } from '../components/requests-panel';

/** /backstage/requests: claim another artist, ask for a badge, and follow the answers. */
export default function BackstageRequestsPage() {
  const { trans } = useTrans();
  const hasBackstageAccess = useHasBackstageAccess();
  const artists = useMyArtists(hasBackstageAccess);
  return (
    <BackstageFrame
      title={trans('Requests')}
      description={trans('Manage more artists or ask for the verified badge.')}
    >
      <RequestsPanel managed={artists.data ?? []} />
    </BackstageFrame>
  );
}
