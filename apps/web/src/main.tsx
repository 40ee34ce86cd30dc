import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { BootstrapGate } from '#src/app/bootstrap-gate';
import { PageReadySignal } from '#src/app/page-ready-signal';
import { createAppRouter } from '#src/app/router';
import { queryClient } from '#src/lib/query-client';
import { ErrorDialogHost } from '#src/ui/error-dialog';
import { ToastRegion } from '#src/ui/toast';

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BootstrapGate>
        <RouterProvider router={router} />
      </BootstrapGate>
      <ToastRegion />
      <ErrorDialogHost />
      <PageReadySignal />
    </QueryClientProvider>
  </StrictMode>,
);
