import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, guest, request, sessionFor, tokenFor, useApp } from '#test/helpers';
import { accessLabel, openapiPath } from './openapi';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-zema-access'?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
  tags: { name: string }[];
};

const URL = '/api/v1/openapi.json';

const t = useApp();
let doc: Document;
beforeAll(async () => {
  const user = await createUser(t.db);
  const res = await request(t.app, await sessionFor(t.db, user.id), { url: URL });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});

const documented = (method: string, url: string) => doc.paths[openapiPath(url)]?.[method.toLowerCase()];

describe('GET /api/v1/openapi.json access', () => {
  it('asks visitors to sign in', async () => {
    const res = await request(t.app, guest(), { url: URL });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses a user without api.access', async () => {
    const user = await createUser(t.db, { roles: [] });
    const res = await request(t.app, await sessionFor(t.db, user.id), { url: URL });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This action is unauthorized.' });
  });

  it('answers JSON to a user of the users role (api.access), by session and by Bearer token', async () => {
    const user = await createUser(t.db);
    const bySession = await request(t.app, await sessionFor(t.db, user.id), { url: URL });
    expect(bySession.statusCode).toBe(200);
    expect(bySession.headers['content-type']).toBe('application/json; charset=utf-8');
    const byToken = await request(t.app, await tokenFor(t.db, user.id), { url: URL });
    expect(byToken.statusCode).toBe(200);
    // Built once and kept: the same bytes each time.
    expect(byToken.body).toBe(bySession.body);
  });

  it('is not found while the API is not integrated (SPEC §2)', async () => {
    const user = await createUser(t.db);
    const actor = await sessionFor(t.db, user.id);
    await t.app.deps.settings.set('api.integrated', false);
    try {
      const res = await request(t.app, actor, { url: URL });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'The API is not enabled on this site.' });
    } finally {
      await t.app.deps.settings.set('api.integrated', true);
    }
    expect((await request(t.app, actor, { url: URL })).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names the API, its version and the bearer scheme', () => {
    expect(doc.info.title).toBe('Zema API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.info.description).toContain('/account-settings#developers');
    expect(doc.info.description).toContain('X-XSRF-TOKEN');
    expect(doc.servers).toEqual([{ url: 'http://localhost:8080' }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents every /api/v1 and /auth route with its access rule, and nothing else', () => {
    // HEAD answers for its GET; OPTIONS is the tus endpoint's discovery (PROTOCOLS), no operation.
    const routes = t.app.guardedRoutes.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    const api = routes.filter((r) => r.url.startsWith('/api/v1/') || r.url.startsWith('/auth/'));
    expect(api.length).toBeGreaterThanOrEqual(20);
    const missing: string[] = [];
    for (const route of api) {
      const operation = documented(route.method, route.url);
      if (!operation) {
        missing.push(`${route.method} ${route.url}`);
        continue;
      }
      const label = accessLabel(route.access);
      expect(operation['x-zema-access'], route.url).toBe(label);
      expect(operation.summary, route.url).toBeTruthy();
      expect(operation.tags?.length, route.url).toBe(1);
      expect(operation.security, route.url).toEqual(
        label === 'guest' ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
      );
    }
    expect(missing).toEqual([]);

    const paths = Object.keys(doc.paths);
    expect(paths.every((p) => p.startsWith('/api/v1/') || p.startsWith('/auth/'))).toBe(true);
    const operations = paths.flatMap((p) => Object.keys(doc.paths[p]!));
    expect(operations).toHaveLength(api.length);
    expect(operations.includes('head')).toBe(false);
  });

  it('leaves out the SPA, /health and the social popup redirects', () => {
    const paths = Object.keys(doc.paths);
    expect(paths).not.toContain('/*');
    expect(paths).not.toContain('/health');
    expect(paths.some((p) => p.startsWith('/secure/'))).toBe(false);
  });

  it('takes request bodies, parameters and responses from the zod contracts', () => {
    const verify = documented('POST', '/api/v1/recaptcha/verify')!;
    expect(verify['x-zema-access']).toBe('guest');
    const body = verify.requestBody!.content['application/json']!.schema;
    expect(body).toMatchObject({ type: 'object', properties: { token: { type: 'string' } } });
    expect(body.required).toEqual(['token']);
    expect(verify.responses['200']!.content!['application/json']!.schema).toMatchObject({
      properties: { success: { type: 'boolean' } },
    });

    const valueLists = documented('GET', '/api/v1/value-lists/:names')!;
    expect(valueLists.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'names', in: 'path', required: true })]),
    );

    const bootstrap = documented('GET', '/api/v1/bootstrap-data')!;
    expect(bootstrap.responses['200']!.description).toBe('OK');
    expect(bootstrap.responses['200']!.content!['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['bootstrapData'],
    });
  });

  it('lists the conventional error answers with shared schemas', () => {
    const settings = documented('POST', '/api/v1/settings')!;
    expect(settings['x-zema-access']).toBe('settings.update');
    expect(Object.keys(settings.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '419', '422', '500']),
    );
    expect(settings.responses['422']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/ValidationErrorResponse',
    });
    expect(doc.components.schemas.ValidationErrorResponse).toMatchObject({
      required: ['message', 'errors'],
    });
    const bootstrap = documented('GET', '/api/v1/bootstrap-data')!;
    expect(bootstrap.responses['401']).toBeUndefined();
    expect(bootstrap.responses['419']).toBeUndefined();
  });

  it('groups operations by feature, Auth last', () => {
    const tags = doc.tags.map((tag) => tag.name);
    expect(tags).toEqual(
      expect.arrayContaining(['Bootstrap', 'Value lists', 'Human verification', 'API docs']),
    );
    expect(tags.at(-1)).toBe('Auth');
    expect(documented('GET', '/api/v1/openapi.json')).toMatchObject({
      tags: ['API docs'],
      'x-zema-access': 'api.access',
    });
    expect(documented('POST', '/auth/login')).toMatchObject({ tags: ['Auth'], summary: 'Log in' });
  });
});
