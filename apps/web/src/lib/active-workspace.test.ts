import { ACTIVE_WORKSPACE_COOKIE } from '@zema/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeActiveWorkspace } from './active-workspace';
import { getActiveWorkspaceId } from './api-client';
import { removeCookie, setCookie } from './cookies';

vi.mock('./cookies', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./cookies')>();
  return { ...actual, setCookie: vi.fn(actual.setCookie) };
});

afterEach(() => removeCookie(ACTIVE_WORKSPACE_COOKIE));

describe('the active workspace cookie', () => {
  it('is written for 7 days at path / and read back by the API client (SPEC §4)', () => {
    writeActiveWorkspace(5);
    expect(setCookie).toHaveBeenCalledWith(ACTIVE_WORKSPACE_COOKIE, '5', { days: 7, path: '/' });
    expect(getActiveWorkspaceId()).toBe(5);
  });

  it('defaults to the personal workspace, 0', () => {
    expect(getActiveWorkspaceId()).toBe(0);
  });
});
