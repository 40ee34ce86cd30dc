import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useMarksPageLoading } from '#src/lib/page-ready';
import { NotFoundPage } from '#src/ui/not-found-page';
import { Spinner } from '#src/ui/spinner';
import { PlayerLayout } from './layout/player-layout';
import { playerRoutes } from './player-routes';

function PageFallback() {
  useMarksPageLoading();
  return (
    <div className="flex justify-center py-24">
      <Spinner />
    </div>
  );
}

/** pages.player: the layout around the player area's own routes, ending in the 404 page. */
export default function PlayerAreaPage() {
  return (
    <PlayerLayout>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          {playerRoutes.map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage embedded className="min-h-[60dvh] bg-transparent" />} />
        </Routes>
      </Suspense>
    </PlayerLayout>
  );
}
