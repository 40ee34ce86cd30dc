import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets stored at rest (two-factor secrets, app passwords, gateway keys an admin types in, queued
 * mails): AES-256-GCM under a key derived from
 * the install's key (`resolveAppKey`). A sealed value reads `v1.<iv>.<tag>.<ciphertext>`
 * (base64url); `openSecret` throws when it was tampered with or sealed under another install key.
 */
const VERSION = 'v1';
const INFO = 'zema settings secret-box v1';

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

const derived = new Map<string, Buffer>();
/** The AES key for `appKey` (derived once per process and install key). */
const keyFrom = (appKey: string) => {
  let key = derived.get(appKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', Buffer.from(appKey, 'utf8'), Buffer.alloc(0), INFO, 32));
    if (derived.size > 16) derived.clear();
    derived.set(appKey, key);
  }
  return key;
};

export function sealSecret(appKey: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(appKey), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export const isSealed = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(`${VERSION}.`) && value.split('.').length === 4;

export function openSecret(appKey: string, sealed: string): string {
  if (!isSealed(sealed)) throw new SecretBoxError('Not a sealed secret.');
  const [, iv, tag, body] = sealed.split('.') as [string, string, string, string];
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(appKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SecretBoxError(
      'The secret cannot be read: it was changed, or sealed under another install key.',
    );
  }
}
