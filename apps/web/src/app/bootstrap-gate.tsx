import { type ReactNode, useEffect, useState } from 'react';
import { loadBootstrapData, useBootstrapOrNull } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { LoadingPage } from '#src/ui/loading-page';

/**
 * Renders the app once bootstrap data exists. The served HTML inlines it; the Vite dev server does
 * not, so then it is fetched once (GET api/v1/bootstrap-data) behind the loading page.
 */
export function BootstrapGate({ children }: { children: ReactNode }) {
  const data = useBootstrapOrNull();
  const { trans } = useTrans();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (data) return;
    const controller = new AbortController();
    loadBootstrapData(controller.signal).catch(() => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, [data]);

  if (data) return <>{children}</>;
  if (failed) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-2 bg-bg px-6 text-center text-fg">
        <h1 className="text-2xl font-semibold">{trans('There was an issue loading this page')}</h1>
        <p className="text-muted">{trans('Please try again later')}</p>
      </main>
    );
  }
  return <LoadingPage />;
}
