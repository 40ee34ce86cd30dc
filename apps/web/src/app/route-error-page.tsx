import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { LinkButton } from '#src/ui/button';
import { NotFoundPage } from '#src/ui/not-found-page';

/** A render or loader failure below the root: 404 → the not found page, anything else → retry. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { trans } = useTrans();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 bg-bg px-6 text-center text-fg">
      <h1 className="text-2xl font-semibold">{trans('There was an issue loading this page')}</h1>
      <p className="text-muted">{trans('Please try again later')}</p>
      <LinkButton href={paths.home()} variant="outline" className="mt-4">
        {trans('Go to the homepage')}
      </LinkButton>
    </main>
  );
}
