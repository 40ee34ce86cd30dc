import { useQueryClient } from '@tanstack/react-query';
import {
  ACTIVE_WORKSPACE_COOKIE,
  ACTIVE_WORKSPACE_COOKIE_DAYS,
  DEFAULT_WORKSPACE_ID,
  PERMISSIONS,
} from '@zema/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { getActiveWorkspaceId } from './api-client';
import { useAuth } from './bootstrap-store';
import { setCookie } from './cookies';

/**
 * The active workspace (SPEC §4): its id lives in the `activeWorkspaceId` cookie (7 days, path /,
 * 0 = the personal workspace), which the API client reads on every call. This module makes the
 * cookie observable, so what React shows follows a switch made anywhere (another component, the
 * join flow).
 */

type Listener = () => void;
const listeners = new Set<Listener>();

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Writes the cookie (7 days, path /) and tells every reader. */
export function writeActiveWorkspace(id: number): void {
  setCookie(ACTIVE_WORKSPACE_COOKIE, String(id), { days: ACTIVE_WORKSPACE_COOKIE_DAYS, path: '/' });
  for (const l of listeners) l();
}

/** The active workspace id, re-rendering when it changes. */
export function useActiveWorkspaceId(): number {
  return useSyncExternalStore(subscribe, getActiveWorkspaceId, () => DEFAULT_WORKSPACE_ID);
}

/**
 * Switches the active workspace and refreshes what is shown: every cached answer belonged to the
 * previous workspace, so the queries are reset (data dropped, the ones on screen fetched again).
 */
export function useSwitchWorkspace() {
  const client = useQueryClient();
  return useCallback(
    (id: number) => {
      const changed = id !== getActiveWorkspaceId();
      writeActiveWorkspace(id);
      if (changed) void client.resetQueries();
    },
    [client],
  );
}

/**
 * Whether the caller may use the backstage's artist area: with `backstage.access` of their own, or
 * as a member of the active team workspace (the server grants it by their workspace role there and
 * refuses a role that does not allow it).
 */
export function useHasBackstageAccess(): boolean {
  const auth = useAuth();
  const workspaceId = useActiveWorkspaceId();
  return (
    auth.hasPermission(PERMISSIONS.backstageAccess) ||
    (auth.isLoggedIn && workspaceId !== DEFAULT_WORKSPACE_ID)
  );
}
