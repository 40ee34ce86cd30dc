import { useParams } from 'react-router';
import { usePageTitle } from '#src/lib/page-title';
import { ReleaseEditor } from '../components/release-editor';

/** /backstage/releases/{id}: one draft, scheduled or published release. */
export default function BackstageReleasePage() {
  usePageTitle('Release');
  const id = Number(useParams().releaseId);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <ReleaseEditor releaseId={id} />
    </div>
  );
}
