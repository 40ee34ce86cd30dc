import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import type { OpenApiDocument } from '../lib/openapi';
import ApiDocsPage, { ApiDocs } from './api-docs-page';

/** A small document shaped like the server's (tags, x-zema-access, $ref components). */
const fixture: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Zema API', version: '1.2.3' },
  servers: [{ url: 'https://music.example' }],
  tags: [{ name: 'Access tokens' }, { name: 'Bootstrap' }, { name: 'Value lists' }],
  paths: {
    '/api/v1/bootstrap-data': {
      get: {
        summary: 'Bootstrap data',
        tags: ['Bootstrap'],
        security: [{}, { bearerAuth: [] }],
        'x-zema-access': 'guest',
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { bootstrapData: { $ref: '#/components/schemas/BootstrapData' } },
                  required: ['bootstrapData'],
                },
              },
            },
          },
        },
      },
    },
    '/api/v1/access-tokens': {
      post: {
        summary: 'Create a personal access token',
        tags: ['Access tokens'],
        security: [{ bearerAuth: [] }],
        'x-zema-access': 'api.access',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  tokenName: { type: 'string', minLength: 1, description: 'Shown in the token list' },
                  scope: { type: 'string', enum: ['read', 'write'] },
                },
                required: ['tokenName'],
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { plainTextToken: { type: 'string' } },
                  required: ['plainTextToken'],
                },
              },
            },
          },
          '422': {
            description: 'The given data was invalid.',
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ValidationErrorResponse' } },
            },
          },
        },
      },
    },
    '/api/v1/value-lists/{names}': {
      get: {
        summary: 'Value lists',
        tags: ['Value lists'],
        security: [{}, { bearerAuth: [] }],
        'x-zema-access': 'guest',
        parameters: [{ name: 'names', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'OK' } },
      },
    },
  },
  components: {
    schemas: {
      BootstrapData: {
        type: 'object',
        properties: {
          user: { anyOf: [{ $ref: '#/components/schemas/User' }, { type: 'null' }] },
          locale: { type: 'string' },
        },
        required: ['user', 'locale'],
      },
      User: {
        type: 'object',
        properties: { id: { type: 'integer' }, email: { type: 'string', format: 'email' } },
        required: ['id'],
      },
      ValidationErrorResponse: {
        type: 'object',
        properties: { message: { type: 'string' } },
        required: ['message'],
      },
    },
  },
};

const signedIn = makeBootstrap({ user: makeUser() });

/** The browser's IntersectionObserver, driven by the test: `scrollNear(el)` brings `el` into view. */
const observers = new Map<
  Element,
  { callback: IntersectionObserverCallback; observer: IntersectionObserver }
>();
class TestIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(el: Element) {
    observers.set(el, { callback: this.callback, observer: this as unknown as IntersectionObserver });
  }
  unobserve(el: Element) {
    observers.delete(el);
  }
  disconnect() {
    for (const [el, o] of observers) if (o.observer === (this as unknown)) observers.delete(el);
  }
  takeRecords() {
    return [];
  }
}
function scrollNear(...elements: Element[]) {
  act(() => {
    for (const el of elements) {
      const o = observers.get(el);
      o?.callback([{ isIntersecting: true, target: el } as IntersectionObserverEntry], o.observer);
    }
  });
}

beforeEach(() => {
  observers.clear();
  vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Renders the docs and scrolls every operation into view, so each shows its details. */
function renderDocs() {
  resetBootstrapStore();
  const view = renderInRouter(<ApiDocs doc={fixture} />, signedIn);
  scrollNear(...screen.getAllByRole('article'));
  return view;
}

const article = (name: RegExp) => screen.getByRole('article', { name });

describe('ApiDocs', () => {
  it("renders headings and the sidebar at once, and an operation's details once it nears the viewport", () => {
    resetBootstrapStore();
    renderInRouter(<ApiDocs doc={fixture} />, signedIn);
    // Every operation is listed and has its heading and summary…
    const nav = screen.getByRole('navigation', { name: 'API operations' });
    expect(within(nav).getAllByRole('link')).toHaveLength(4);
    const create = article(/POST \/api\/v1\/access-tokens: Create a personal access token/i);
    const bootstrap = article(/GET \/api\/v1\/bootstrap-data/i);
    expect(within(create).getByRole('heading', { level: 3 }).textContent).toBe('post/api/v1/access-tokens');
    // …but no details until it comes near the viewport.
    expect(screen.queryAllByTestId('operation-access')).toHaveLength(0);
    expect(screen.queryAllByRole('table')).toHaveLength(0);
    expect(screen.queryAllByTestId('curl-example')).toHaveLength(0);
    expect(create.getAttribute('aria-busy')).toBe('true');

    scrollNear(bootstrap);
    expect(within(bootstrap).getByTestId('operation-access').textContent).toContain('Anyone');
    expect(bootstrap.getAttribute('aria-busy')).toBeNull();
    expect(within(create).queryByTestId('operation-access')).toBeNull();
    expect(screen.getAllByTestId('operation-access')).toHaveLength(1);
  });

  it('renders each tag with its operations: method, path, summary and access rule', () => {
    renderDocs();
    for (const tag of ['Access tokens', 'Bootstrap', 'Value lists']) {
      expect(screen.getByRole('heading', { level: 2, name: tag })).toBeTruthy();
    }
    const create = article(/POST \/api\/v1\/access-tokens/i);
    expect(within(create).getByText('Create a personal access token')).toBeTruthy();
    expect(within(create).getByTestId('operation-access').textContent).toContain(
      'Users with the permission api.access',
    );
    const bootstrap = article(/GET \/api\/v1\/bootstrap-data/i);
    expect(within(bootstrap).getByTestId('operation-access').textContent).toContain('Anyone');
    expect(within(bootstrap).getByText(/^Optional:/)).toBeTruthy();
    expect(screen.getByText('3 operations')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'API operations' });
    const tokens = within(nav).getByRole('list', { name: 'Access tokens' });
    expect(
      within(tokens)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#op-post-api-v1-access-tokens']);
    expect(within(tokens).getByRole('link').textContent).toBe('post/api/v1/access-tokens');
    expect(within(nav).getAllByRole('link')).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Introduction' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account settings → Developers' }).getAttribute('href')).toBe(
      '/account-settings#developers',
    );
  });

  it('filters operations by the search box', async () => {
    const user = userEvent.setup();
    renderDocs();
    await user.type(screen.getByRole('searchbox', { name: 'Search operations' }), 'token');
    await waitFor(() => expect(screen.queryByRole('article', { name: /bootstrap-data/ })).toBeNull());
    expect(article(/POST \/api\/v1\/access-tokens/i)).toBeTruthy();
    expect(screen.getByText('1 operation matches “token”')).toBeTruthy();

    await user.clear(screen.getByRole('searchbox', { name: 'Search operations' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search operations' }), 'get lists');
    await waitFor(() => expect(screen.queryByRole('article', { name: /access-tokens/ })).toBeNull());
    expect(article(/value-lists/)).toBeTruthy();
  });

  it('shows the request body as a table with required and optional properties and allowed values', () => {
    renderDocs();
    const table = within(article(/access-tokens/)).getByRole('table', { name: /Request body of POST/ });
    const tokenName = within(table)
      .getByRole('rowheader', { name: /tokenName/ })
      .closest('tr')!;
    expect(tokenName.textContent).toContain('required');
    expect(tokenName.textContent).toContain('Shown in the token list');
    expect(tokenName.textContent).toContain('min length 1');
    const scope = within(table).getByRole('rowheader', { name: /scope/ }).closest('tr')!;
    expect(scope.textContent).toContain('optional');
    expect(scope.textContent).toContain('"read"');
    expect(scope.textContent).toContain('"write"');
  });

  it('folds nested objects behind a toggle, following $ref components', async () => {
    const user = userEvent.setup();
    renderDocs();
    const table = within(article(/bootstrap-data/)).getByRole('table', { name: /Response 200/ });
    expect(within(table).getByRole('rowheader', { name: /bootstrapData/ }).textContent).toContain(
      'BootstrapData',
    );
    expect(within(table).queryByRole('rowheader', { name: /locale/ })).toBeNull();
    const toggle = within(table).getByRole('button', { name: 'Show the 2 properties of bootstrapData' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(within(table).getByRole('rowheader', { name: /locale/ })).toBeTruthy();
    await user.click(
      within(table).getByRole('button', { name: 'Show the 2 properties of bootstrapData.user' }),
    );
    expect(within(table).getByRole('rowheader', { name: /email/ }).textContent).toContain('string (email)');
  });

  it('gives a curl example with the bearer header, the site URL, the path and an example body', () => {
    renderDocs();
    const curl = within(article(/access-tokens/)).getByTestId('curl-example').textContent ?? '';
    expect(curl).toContain("curl -X POST 'https://music.example/api/v1/access-tokens'");
    expect(curl).toContain('-H "Authorization: Bearer $ZEMA_TOKEN"');
    expect(curl).toContain(`-d '{"tokenName":"string"}'`);
    const lists = within(article(/value-lists/)).getByTestId('curl-example').textContent ?? '';
    expect(lists).toContain("curl -X GET 'https://music.example/api/v1/value-lists/NAMES'");
    expect(lists).not.toContain('-d ');
  });

  it('copies the curl example', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    renderDocs();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(
      within(article(/access-tokens/)).getByRole('button', {
        name: 'Copy the curl example of POST /api/v1/access-tokens',
      }),
    );
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('Authorization: Bearer $ZEMA_TOKEN'));
    expect(within(article(/access-tokens/)).getByText('Copied!')).toBeTruthy();
  });
});

describe('ApiDocsPage', () => {
  it('loads the document from GET /api/v1/openapi.json', async () => {
    const calls = mockApi((c) => (c.path === '/api/v1/openapi.json' ? ok(fixture) : undefined));
    resetBootstrapStore();
    renderInRouter(<ApiDocsPage />, signedIn);
    expect(screen.getByRole('heading', { level: 1, name: 'API documentation' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: /POST \/api\/v1\/access-tokens/i })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/openapi.json']);
  });

  it('offers to try again when the document cannot be loaded', async () => {
    mockApi((c) => (c.path === '/api/v1/openapi.json' ? fail(403, { message: 'Nope' }) : undefined));
    resetBootstrapStore();
    renderInRouter(<ApiDocsPage />, signedIn);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('There was an issue loading the API documentation.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
