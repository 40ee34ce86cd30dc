import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { BootstrapData } from '@zema/contracts';
import type { ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { createMemoryRouter, type RouteObject, RouterProvider, useHref, useNavigate } from 'react-router';
import { setBootstrapData } from '#src/lib/bootstrap-store';
import { createQueryClient } from '#src/lib/query-client';
import { trackQueryClient } from '#test/mock-api';

/**
 * A query client for one test: no waiting between retries, no global error reporting, and its
 * queries cancelled and dropped when the test ends.
 */
export function createTestQueryClient() {
  const client = createQueryClient({ onError: () => undefined, retryDelay: 0 });
  trackQueryClient(client);
  return client;
}

/** Renders routes at `path` with the given bootstrap data and a fresh query client. */
export function renderRoutes(routes: RouteObject[], path: string, data: BootstrapData) {
  setBootstrapData(data);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, ...result };
}

/** React Aria links navigate through the router, as under the app's root layout. */
function AriaRouting({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={navigate} useHref={useHref}>
      {children}
    </AriaRouterProvider>
  );
}

/** Renders one element inside a router (for components using links or navigation). */
export function renderInRouter(node: ReactNode, data: BootstrapData) {
  return renderRoutes([{ path: '*', element: <AriaRouting>{node}</AriaRouting> }], '/', data);
}
