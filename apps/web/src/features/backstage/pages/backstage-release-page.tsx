import { useParams } from 'react-router';
import { BackstageFrame } from '../components/backstage-frame';
import { ReleaseEditor } from '../components/release-editor';

/** /backstage/releases/{id}: one draft, scheduled or published release. */
export default function BackstageReleasePage() {
  const id = Number(useParams().releaseId);
  return (
    <BackstageFrame title="Release">
      <ReleaseEditor releaseId={id} />
    </BackstageFrame>
  );
}
