import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiDocs } from '@zema/contracts/site/api-docs.operations';
import { api } from '#src/lib/api-client';
import { type OpenApiDocument, openApiDocumentSchema } from '../lib/openapi';

/** GET api/v1/openapi.json: the OpenAPI 3.1 document the server builds from the zod contracts. */
export async function fetchOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  return openApiDocumentSchema.parse(await api.call(apiDocs.openapi, { signal }));
}

export const openApiDocumentQueryOptions = () =>
  queryOptions({
    queryKey: ['api-docs', 'openapi'] as const,
    queryFn: ({ signal }) => fetchOpenApiDocument(signal),
    // The document changes only with a new server version.
    staleTime: Number.POSITIVE_INFINITY,
    meta: { handlesErrors: true },
  });

export const useOpenApiDocument = () => useQuery(openApiDocumentQueryOptions());
