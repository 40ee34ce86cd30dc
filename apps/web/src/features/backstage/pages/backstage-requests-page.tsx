import { PERMISSIONS } from '@zema/contracts';
import { useAuth } from '#src/lib/bootstrap-store';
import { useMyArtists } from '../api/list-my-artists';
import { BackstageFrame } from '../components/backstage-frame';
import { RequestsPanel } from '../components/requests-panel';

/** /backstage/requests: claim another artist, ask for a badge, and follow the answers. */
export default function BackstageRequestsPage() {
  const auth = useAuth();
  const artists = useMyArtists(auth.hasPermission(PERMISSIONS.backstageAccess));
  return (
    <BackstageFrame title="Requests" description="Manage more artists or ask for the verified badge.">
      <RequestsPanel managed={artists.data ?? []} />
    </BackstageFrame>
  );
}
