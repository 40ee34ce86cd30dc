import { useHasBackstageAccess } from '#src/lib/active-workspace';
import { useMyArtists } from '../api/list-my-artists';
import { BackstageFrame } from '../components/backstage-frame';
import { RequestsPanel } from '../components/requests-panel';

/** /backstage/requests: claim another artist, ask for a badge, and follow the answers. */
export default function BackstageRequestsPage() {
  const hasBackstageAccess = useHasBackstageAccess();
  const artists = useMyArtists(hasBackstageAccess);
  return (
    <BackstageFrame title="Requests" description="Manage more artists or ask for the verified badge.">
      <RequestsPanel managed={artists.data ?? []} />
    </BackstageFrame>
  );
}
