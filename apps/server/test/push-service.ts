// A local stand-in for a browser push service (FCM, Mozilla autopush), for the push tests. It
// checks each request as a real one would — the VAPID token (RFC 8292: ES256, `aud` = the
// endpoint's origin, `exp` within 24 h, `sub`) against the expected public key — and decrypts the
// aes128gcm body (RFC 8188 / RFC 8291) with the subscription's private key, in an implementation
// of its own (node:crypto ECDH + HKDF), independent of the `web-push` package under test.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const b64u = (buf: Buffer) => buf.toString('base64url');
const fromB64u = (s: string) => Buffer.from(s, 'base64url');

/** A browser's side of a subscription: its key pair and auth secret (what PushManager makes). */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
  };
}
export type BrowserKeys = ReturnType<typeof browserKeys>;

/** RFC 8291 §3.4 + RFC 8188 §2: the plaintext of a one-record aes128gcm message. */
export function decryptAes128gcm(body: Buffer, keys: BrowserKeys): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (idlen !== 65) throw new Error(`keyid must be the 65-byte sender key, got ${idlen}`);
  if (ciphertext.length > rs) throw new Error('more than one record');
  const ecdhSecret = keys.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end);
}

export type VapidClaims = { aud: string; exp: number; sub: string };

/** Verifies `Authorization: vapid t=<jwt>, k=<key>` (RFC 8292 §3) and returns the claims. */
export function verifyVapid(header: string | undefined, expectedKey: string): VapidClaims {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a vapid authorization: ${header}`);
  const [, jwt, key] = m;
  if (key !== expectedKey) throw new Error('the token is not signed with the expected key');
  const [h, p, s] = jwt!.split('.');
  const headerJson = JSON.parse(fromB64u(h!).toString());
  if (headerJson.alg !== 'ES256') throw new Error(`alg ${headerJson.alg}`);
  const point = fromB64u(key!);
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    fromB64u(s!),
  );
  if (!ok) throw new Error('bad VAPID signature');
  return JSON.parse(fromB64u(p!).toString()) as VapidClaims;
}

export type PushRequest = {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
};

/**
 * An http server on 127.0.0.1; `reply(path)` picks the status answered for a path (201 by
 * default, or 410 / 429 to test the sender's clean-up and back-off). `next()` resolves with the
 * next request received.
 */
export async function startPushService() {
  const received: PushRequest[] = [];
  const waiting: ((r: PushRequest) => void)[] = [];
  const statuses = new Map<string, { status: number; headers?: Record<string, string> }>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      const answer = statuses.get(r.path) ?? { status: 201 };
      res.writeHead(answer.status, answer.headers ?? {});
      res.end();
      const w = waiting.shift();
      if (w) w(r);
      else received.push(r);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (name: string) => `${origin}/push/${name}`,
    reply(path: string, status: number, headers?: Record<string, string>) {
      statuses.set(path, { status, headers });
    },
    /** Requests not yet taken by `next()`. */
    received,
    next(): Promise<PushRequest> {
      const r = received.shift();
      if (r) return Promise.resolve(r);
      return new Promise((resolve) => waiting.push(resolve));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
