import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { BootstrapGate } from '#src/app/bootstrap-gate';
import { PageReadySignal } from '#src/app/page-ready-signal';
import { createAppRouter } from '#src/app/router';
import { PlayerQueueSync } from '#src/features/player';
import { queryClient } from '#src/lib/query-client';
import { ErrorDialogHost } from '#src/ui/error-dialog';
import { ToastRegion } from '#src/ui/toast';

function mount(router: ReturnType<typeof createAppRouter>) {
  const root = createRoot(document.getElementById('root')!);
  // A transition lets React render the first page in slices, yielding to the browser between them,
  // instead of one long task that blocks input on a slow phone (the painted view is on screen).
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BootstrapGate>
            <RouterProvider router={router} />
          </BootstrapGate>
          <ToastRegion />
          <ErrorDialogHost />
          <PageReadySignal />
          {/* A signed-in listener's queue is the one their Subsonic apps see too. */}
          <PlayerQueueSync />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// The served HTML may hold a painted first view in #root (decision 0017). React replaces it at its
// first commit, so that commit waits until the router has the first page's code: the painted view
// then gives way to the page, never to an empty root.
function start() {
  const router = createAppRouter();
  if (router.state.initialized) mount(router);
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      mount(router);
    });
  }
}

// The modules above run in one task; the router and the first render start in the next, so a
// phone's main thread is free between them (one long task of both blocked input for about 300 ms
// at Lighthouse's 4× CPU slowdown; the painted view is on screen meanwhile).
setTimeout(start, 0);
