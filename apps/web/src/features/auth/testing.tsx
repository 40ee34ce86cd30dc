import { render } from '@testing-library/react';
import type { BootstrapData } from '@zema/contracts';
import { vi } from 'vitest';
import { resetBootstrapStore } from '#src/app/bootstrap-store';
import { appRoutes } from '#src/app/router';
import { renderRoutes } from '#src/app/testing/render-app';
import { ToastRegion } from '#src/ui/toast';

/** Test helpers for the auth screens: a scripted fetch and the real route table. */

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body: unknown };
type Handler = (call: RecordedCall) => Answer | undefined;

export function mockApi(handler: Handler) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://localhost').pathname;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method: init.method ?? 'GET', path, body };
      calls.push(call);
      const answer = handler(call) ?? { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const ok = (body: unknown): Answer => ({ status: 200, body });
export const fail = (status: number, body: unknown): Answer => ({ status, body });

/** The app's routes at `path`, with toasts rendered too. */
export function visit(path: string, data: BootstrapData) {
  resetBootstrapStore();
  render(<ToastRegion />);
  return renderRoutes(appRoutes, path, data);
}
