import { EMBED_KINDS, type EmbedKind, embedHeight, pagePaths } from '@zema/contracts';
import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { ApiError } from '#src/lib/api-error';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { Trans, useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { NotFoundPage } from '#src/ui/not-found-page';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { useCustomPage } from '../api/get-custom-page';

/**
 * `/pages/{slug}`, `/pages/{id}/{slug}`, or the homepage when it is a custom page (SPEC §2): the
 * page's title and HTML body (sanitised by the server when saved and again when served). Its
 * three outcomes: the 404 page; a visitor sent to log in when the page is not for visitors (401 or
 * 403); any other failure says so and to try again later.
 */
export default function CustomPageScreen() {
  const params = useParams();
  const settings = useSettings();
  const home = settings.homepage.type === 'customPage' ? settings.homepage.value : null;
  const idOrSlug = params.pageId ?? params.pageSlug ?? home;
  const { isLoggedIn } = useAuth();
  const location = useLocation();
  const { trans } = useTrans();
  const query = useCustomPage(idOrSlug);
  const page = query.data;
  usePageTitle(page ? (page.seo_title ?? page.title) : undefined);
  const body = useRef<HTMLDivElement>(null);
  const playerTitle = trans('Player');
  // Embeds of Zema music in the page (`<div data-zema-embed="album" data-id="3">`) become the
  // embeddable player. The body is the server's HTML, which React never reconciles: the frames
  // added here stay until the HTML changes, when this runs again on the new body.
  const html = page?.body;
  useEffect(() => {
    if (!html || !body.current) return;
    for (const el of body.current.querySelectorAll<HTMLElement>('[data-zema-embed]')) {
      const kind = el.dataset.zemaEmbed as EmbedKind;
      const id = Number(el.dataset.id);
      if (!(EMBED_KINDS as readonly string[]).includes(kind) || !Number.isInteger(id) || id < 1) continue;
      const frame = document.createElement('iframe');
      frame.src = pagePaths.embed(kind, id);
      frame.title = playerTitle;
      frame.height = String(embedHeight(kind));
      frame.loading = 'lazy';
      frame.className = 'w-full rounded-xl border-0';
      el.replaceChildren(frame);
    }
  }, [html, playerTitle]);

  if (!idOrSlug) return <NotFoundPage />;
  if (query.error) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404) return <NotFoundPage />;
    if ((status === 401 || status === 403) && !isLoggedIn)
      return <Navigate to={paths.login(`${location.pathname}${location.search}`)} replace />;
    return (
      <main
        id={MAIN_CONTENT_ID}
        className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-2 px-4 py-16 sm:px-6"
      >
        <h1 className="text-2xl font-semibold">
          <Trans message="There was an issue loading this page" />
        </h1>
        <p className="text-muted">
          <Trans message="Please try again later" />
        </p>
      </main>
    );
  }
  if (!page)
    return (
      <main id={MAIN_CONTENT_ID} className="flex flex-1 items-center justify-center py-24">
        <Spinner label={trans('Loading page')} />
      </main>
    );
  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
      <article lang={page.language === 'default' ? undefined : page.language}>
        <h1 className="text-balance text-3xl font-extrabold tracking-tight sm:text-4xl">{page.title}</h1>
        <div
          ref={body}
          className="custom-page-body mt-8"
          // The server sanitised this HTML with an allow-list when it was saved and again now.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side, see above.
          dangerouslySetInnerHTML={{ __html: page.body }}
        />
      </article>
    </main>
  );
}
