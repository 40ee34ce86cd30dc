import { describe, expect, it } from 'vitest';
import { changedPairs, valueAt } from './changed-pairs';

describe('changedPairs', () => {
  const initial = {
    site_name: 'Zema',
    homepage: { type: 'landing', value: null },
    server: { mail: { from_name: null }, social: { google: { client_id: 'a', client_secret: '' } } },
  };
  const keys = [
    'site_name',
    'homepage',
    'server.mail.from_name',
    'server.social.google.client_id',
    'server.social.google.client_secret',
  ];

  it('sends nothing for an untouched form', () => {
    expect(changedPairs(keys, structuredClone(initial), initial)).toEqual({});
  });

  it('sends a changed subtree whole, and only what changed', () => {
    const values = structuredClone(initial);
    values.homepage = { value: null, type: 'loginPage' };
    expect(changedPairs(keys, values, initial)).toEqual({ homepage: { type: 'loginPage', value: null } });
  });

  it('treats reordered keys as unchanged', () => {
    const values = structuredClone(initial);
    values.homepage = { value: null, type: 'landing' };
    expect(changedPairs(keys, values, initial)).toEqual({});
  });

  it('sends a secret only once typed, or null when removed', () => {
    const typed = structuredClone(initial);
    typed.server.social.google.client_secret = 'new';
    expect(changedPairs(keys, typed, initial)).toEqual({ 'server.social.google.client_secret': 'new' });
    const removed = structuredClone(initial) as {
      server: { social: { google: { client_secret: unknown } } };
    };
    removed.server.social.google.client_secret = null;
    expect(changedPairs(keys, removed, initial)).toEqual({ 'server.social.google.client_secret': null });
  });

  it('reads dotted paths', () => {
    expect(valueAt(initial, 'server.social.google.client_id')).toBe('a');
    expect(valueAt(initial, 'server.nothing.here')).toBeUndefined();
  });
});
