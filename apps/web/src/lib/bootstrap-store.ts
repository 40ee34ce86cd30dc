import { type BootstrapData, type ClientSettings, hasPermission } from '@zema/contracts';
import { storedText } from '@zema/contracts/i18n/stored-text';
import { bootstrap } from '@zema/contracts/site/bootstrap.operations';
import { useMemo, useSyncExternalStore } from 'react';
import { api } from '#src/lib/api-client';

/**
 * The session as the server described it (SPEC §3 Bootstrap data): user or guest role, settings,
 * themes, menus. The served HTML inlines it as `window.bootstrapData`; login, register, social
 * login and logout answer with a fresh copy that replaces it through `setBootstrapData`.
 *
 * This module is the shell's public API for features: read it through the hooks below.
 */

declare global {
  interface Window {
    bootstrapData?: BootstrapData;
  }
}

type Listener = () => void;
let current: BootstrapData | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current bootstrap data, reading `window.bootstrapData` on first use. */
export function getBootstrapData(): BootstrapData | null {
  if (!current && typeof window !== 'undefined' && window.bootstrapData) current = window.bootstrapData;
  return current;
}

export interface SetBootstrapOptions {
  /** Drop every cached query (a different user now sees the app). */
  clearQueryCache?: boolean;
}

let clearQueries: () => void = () => {};

/**
 * How the query cache is dropped when another user's data arrives: the app's query client registers
 * it (lib/query-client.ts). The store does not import the client, whose error reporting reaches the
 * translated UI kit, which reads this store.
 */
export function registerQueryCacheClear(clear: () => void) {
  clearQueries = clear;
}

/** Replaces the bootstrap data (login, logout, appearance editor) and re-renders its readers. */
export function setBootstrapData(data: BootstrapData, { clearQueryCache = false }: SetBootstrapOptions = {}) {
  current = data;
  if (typeof window !== 'undefined') window.bootstrapData = data;
  if (clearQueryCache) clearQueries();
  emit();
}

/** Changes part of the bootstrap data in place (e.g. the unread notification count). */
export function updateBootstrapData(update: (data: BootstrapData) => BootstrapData) {
  const data = getBootstrapData();
  if (data) setBootstrapData(update(data));
}

/** Test helper: forget the data so the next read starts from `window.bootstrapData` again. */
export function resetBootstrapStore() {
  current = null;
  emit();
}

/**
 * Without inlined data (the Vite dev server serves index.html untouched) the app asks the server
 * once: GET bootstrap-data → `{bootstrapData}`.
 */
export async function loadBootstrapData(signal?: AbortSignal): Promise<BootstrapData> {
  const existing = getBootstrapData();
  if (existing) return existing;
  const { bootstrapData: data } = await api.call(bootstrap.get, { signal });
  setBootstrapData(data);
  return data;
}

/** Bootstrap data or null while it is still loading (only before `BootstrapGate` lets the app in). */
export function useBootstrapOrNull(): BootstrapData | null {
  return useSyncExternalStore(subscribe, getBootstrapData, getBootstrapData);
}

/** Bootstrap data; only valid below `BootstrapGate`, which renders nothing else until it exists. */
export function useBootstrap(): BootstrapData {
  const data = useBootstrapOrNull();
  if (!data) throw new Error('useBootstrap() called before bootstrap data was loaded');
  return data;
}

export function useSettings(): ClientSettings {
  return useBootstrap().settings;
}

export interface Auth {
  user: BootstrapData['user'];
  isLoggedIn: boolean;
  /** SPEC §6: the user's permissions, or the guest role's when logged out; `admin` grants all. */
  hasPermission: (name: string) => boolean;
  /** Role check by role id. */
  hasRole: (roleId: number) => boolean;
  /** At least one subscription with valid true. */
  isSubscribed: boolean;
}

export function authFrom(data: Pick<BootstrapData, 'user' | 'guest_role'>): Auth {
  const { user, guest_role } = data;
  const holder = user ?? guest_role;
  return {
    user,
    isLoggedIn: !!user,
    hasPermission: (name) => hasPermission(holder, name),
    // A logged-out visitor holds the guest role, so menu items may target guests by its id.
    hasRole: (roleId) => (user ? user.roles.some((r) => r.id === roleId) : guest_role?.id === roleId),
    isSubscribed: !!user?.subscriptions.some((s) => s.valid),
  };
}

export function useAuth(): Auth {
  const data = useBootstrap();
  return useMemo(() => authFrom(data), [data]);
}

/** Reads one value out of the settings by a dotted key (`billing.enable`). */
export function getSettingByPath(settings: unknown, path: string): unknown {
  let value: unknown = settings;
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Menus for a position (SPEC §2: landing-page-navbar, footer, ...), items concatenated. */
export function useMenuItems(position: string) {
  const { menus, i18n } = useBootstrap();
  return useMemo(() => {
    // A label the catalogue translates (the seeded "Privacy", "Contact") reads in the reader's
    // language; an operator's own label is shown as they wrote it.
    const label = (text: string) => storedText(i18n.lines, text);
    return menus
      .filter((m) => m.positions.includes(position))
      .flatMap((m) => m.items)
      .map((item) => ({
        ...item,
        label: label(item.label),
        ...(item.children
          ? { children: item.children.map((child) => ({ ...child, label: label(child.label) })) }
          : {}),
      }));
  }, [menus, position, i18n]);
}
