import { describe, expect, it } from 'vitest';
import { hasPermission, isOverQuota } from './permissions';

const holder = (...perms: [string, { name: string; value: number | null }[]?][]) => ({
  permissions: perms.map(([name, restrictions = []]) => ({ name, restrictions })),
});

describe('hasPermission (SPEC §6)', () => {
  it('grants a listed permission and refuses an unlisted one', () => {
    const h = holder(['music.view']);
    expect(hasPermission(h, 'music.view')).toBe(true);
    expect(hasPermission(h, 'admin.access')).toBe(false);
  });
  it('treats a permission named admin as granting everything', () => {
    expect(hasPermission(holder(['admin']), 'admin.access')).toBe(true);
    expect(hasPermission(holder(['admin']), 'anything.at.all')).toBe(true);
  });
  it('refuses without a holder', () => {
    expect(hasPermission(null, 'music.view')).toBe(false);
  });
  it('treats a usage at or above the restriction as over quota', () => {
    const h = holder(['playlists.create', [{ name: 'count', value: 3 }]]);
    expect(hasPermission(h, 'playlists.create', { restriction: 'count', usage: 2 })).toBe(true);
    expect(hasPermission(h, 'playlists.create', { restriction: 'count', usage: 3 })).toBe(false);
    expect(isOverQuota(h, 'playlists.create', 'count', 3)).toBe(true);
    expect(isOverQuota(h, 'playlists.create', 'count', 4)).toBe(true);
    expect(isOverQuota(h, 'playlists.create', 'count', 2)).toBe(false);
  });
  it('treats a null restriction as unlimited', () => {
    const h = holder(['playlists.create', [{ name: 'count', value: null }]]);
    expect(isOverQuota(h, 'playlists.create', 'count', 10_000)).toBe(false);
  });
});
