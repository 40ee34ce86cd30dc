import { msg } from '@zema/contracts';
import { Search } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSettings } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { Button } from '#src/ui/button';
import { TextField } from '#src/ui/field';
import { MAIN_CONTENT_ID } from '#src/ui/skip-link';
import { Spinner } from '#src/ui/spinner';
import { useMediaQuery } from '#src/ui/use-media-query';
import { useOpenApiDocument } from '../api/get-openapi-document';
import { ApiDocsIntro } from '../components/api-docs-intro';
import { OperationJumpSelect, OperationSidebar } from '../components/operation-nav';
import { OperationSection } from '../components/operation-section';
import { filterGroups, groupOperations, type OpenApiDocument, tagSlug } from '../lib/openapi';

export const API_DOCS_TITLE = msg('API documentation');
/** Large screens get the sidebar; smaller ones a "Jump to" select. */
export const API_DOCS_SIDEBAR_QUERY = '(min-width: 1024px)';

function baseUrlOf(doc: OpenApiDocument, fallback: string) {
  return doc.servers?.[0]?.url ?? (fallback || window.location.origin);
}

export function ApiDocs({ doc }: { doc: OpenApiDocument }) {
  const settings = useSettings();
  const { trans } = useTrans();
  const isLarge = useMediaQuery(API_DOCS_SIDEBAR_QUERY);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const groups = useMemo(() => groupOperations(doc), [doc]);
  const visible = useMemo(() => filterGroups(groups, deferredQuery), [groups, deferredQuery]);
  const count = visible.reduce((n, g) => n + g.operations.length, 0);
  const baseUrl = baseUrlOf(doc, settings.base_url);

  // A link to /api-docs#op-… lands on that operation.
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(decodeURIComponent(id))?.scrollIntoView();
  }, []);

  const search = (
    <TextField
      aria-label={trans('Search operations')}
      type="search"
      placeholder={trans('Search operations')}
      value={query}
      onChange={setQuery}
      startAdornment={<Search aria-hidden="true" />}
    />
  );

  return (
    <div className="mt-6 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-8">
      {isLarge ? (
        <aside className="sticky top-4 max-h-[calc(100dvh-2rem)] self-start overflow-y-auto pr-1 pb-4">
          {search}
          <div className="mt-4">
            <OperationSidebar groups={visible} />
          </div>
        </aside>
      ) : (
        <div className="space-y-3">
          {search}
          <OperationJumpSelect groups={visible} />
        </div>
      )}
      <div className="mt-6 min-w-0 space-y-6 lg:mt-0">
        <ApiDocsIntro baseUrl={baseUrl} version={doc.info.version} />
        <p aria-live="polite" className="text-sm text-muted">
          {deferredQuery.trim()
            ? trans(
                '{count, plural, one {# operation matches “{query}”} other {# operations match “{query}”}}',
                { count, query: deferredQuery.trim() },
              )
            : trans('{count, plural, one {# operation} other {# operations}}', { count })}
        </p>
        {visible.map((group) => (
          <section key={group.tag} aria-labelledby={`tag-${tagSlug(group.tag)}`} className="space-y-4">
            <div>
              <h2 id={`tag-${tagSlug(group.tag)}`} className="text-xl font-semibold">
                {group.tag}
              </h2>
              {group.description && <p className="mt-1 text-sm text-muted">{group.description}</p>}
            </div>
            {group.operations.map((op) => (
              <OperationSection key={op.id} doc={doc} op={op} baseUrl={baseUrl} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}

/** /api-docs (SPEC §2): the OpenAPI document of GET api/v1/openapi.json, rendered. */
export default function ApiDocsPage() {
  const settings = useSettings();
  const { trans } = useTrans();
  const document_ = useOpenApiDocument();

  usePageTitle(trans(API_DOCS_TITLE));

  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-2xl font-semibold sm:text-3xl">{trans(API_DOCS_TITLE)}</h1>
      <p className="mt-1 text-sm text-muted">
        {document_.data
          ? trans(
              '{title}, OpenAPI {version}. Every call of the {siteName} API, with who may make it and an example.',
              {
                title: document_.data.info.title,
                version: document_.data.openapi,
                siteName: settings.site_name,
              },
            )
          : trans('Every call of the {siteName} API, with who may make it and an example.', {
              siteName: settings.site_name,
            })}
      </p>
      {document_.isPending ? (
        <div className="flex justify-center py-24">
          <Spinner label={trans('Loading API documentation')} />
        </div>
      ) : document_.isError ? (
        <div
          role="alert"
          className="mt-8 flex flex-col items-start gap-3 rounded-theme border border-divider bg-paper p-6"
        >
          <p className="text-sm">{trans('There was an issue loading the API documentation.')}</p>
          <Button variant="outline" onPress={() => void document_.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : (
        <ApiDocs doc={document_.data} />
      )}
    </main>
  );
}
