// Both drivers: an acknowledged write must survive SIGKILL on PGlite (its WAL) and on PostgreSQL alike.
import { createHmac, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BillingOverview, InvoiceDocument, Notification, Payment, Product } from '@zema/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CrashServer,
  call,
  createUsers,
  firstLife,
  killMidWrites,
  type Session,
  signIn,
} from '#test/crash';

/**
 * RELIABILITY "Durability": the server (a child process on its own DATA_DIR, and on PostgreSQL its
 * own database) takes writes of every kind from many lanes at once (playlists and covers, payments
 * and the gateway's webhooks, follows that notify and marks as read), is killed with SIGKILL while
 * they are in flight, and is started again on the same data. Every write it answered 200 is there,
 * exactly once, and no half-written file is served. One life for all: a start costs seconds.
 */

/** One kind of write: its lanes, what they wrote with a 200, and the check after the restart. */
type Writes = {
  lanes: number;
  /** Users, settings: before the lanes start. */
  setup: (base: string, admin: Session) => Promise<void>;
  /** The lane's n-th write; throws on any answer but the expected one. */
  write: (base: string, lane: number, n: number) => Promise<void>;
  /** Enough acknowledged for the kill. */
  enough: () => boolean;
  check: (base: string, dataDir: string) => Promise<void>;
};

const failed = (what: string, res: { status: number; body: unknown }) =>
  new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);

function playlists(): Writes {
  const acked: { id: number; name: string }[] = [];
  const covers = new Map<number, string>();
  let session: Session;
  let cover: Buffer;
  return {
    lanes: 4,
    setup: async (_base, admin) => {
      session = admin;
      cover = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#36c' } })
        .png()
        .toBuffer();
    },
    write: async (base, lane, n) => {
      const name = `crash ${lane}-${n}`;
      const res = await call<{ playlist: { id: number } }>(base, session, 'POST', '/api/v1/playlists', {
        name,
      });
      if (res.status !== 200) throw failed('create', res);
      const { id } = res.body.playlist;
      acked.push({ id, name });
      if (n % 2 === 0) {
        const up = await fetch(`${base}/api/v1/playlists/${id}/image`, {
          method: 'POST',
          headers: { ...session, 'content-type': 'image/png' },
          body: cover,
        });
        if (up.status !== 200) throw new Error(`cover: ${up.status} ${await up.text()}`);
        covers.set(id, ((await up.json()) as { playlist: { image: string } }).playlist.image);
      }
    },
    enough: () => acked.length >= 40 && covers.size >= 8,
    check: async (base, dataDir) => {
      for (const { id, name } of acked) {
        const res = await call<{ playlist: { name: string; image: string | null } }>(
          base,
          session,
          'GET',
          `/api/v1/playlists/${id}`,
        );
        expect(res.status, `playlist ${id}`).toBe(200);
        const { playlist } = res.body;
        expect(playlist.name).toBe(name);
        // A cover acknowledged is the one kept (a later upload never happened for these).
        if (covers.has(id)) expect(playlist.image).toBe(covers.get(id));
        // Whatever cover a playlist names, acknowledged or caught mid-write, is served whole.
        if (playlist.image) {
          const file = await fetch(`${base}${playlist.image}`);
          expect(file.status, playlist.image).toBe(200);
          const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
          expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
        }
      }
      // Temporary files of the writes the kill cut short were swept at the restart, and every
      // stored cover decodes completely.
      const folder = join(dataDir, 'storage', 'playlists');
      const files = await readdir(folder);
      expect(files.filter((f) => f.startsWith('.tmp-'))).toEqual([]);
      for (const f of files) {
        const { data, info } = await sharp(join(folder, f)).raw().toBuffer({ resolveWithObject: true });
        expect(data.length).toBe(info.width * info.height * info.channels);
      }
    },
  };
}

/**
 * Buyers pay again and again on the sandbox gateway's checkout page (a renewal after the first),
 * and the gateway's own webhook of each paid charge follows, as a real gateway's does. The test
 * is the gateway: it holds the install's key, which signs the sandbox's webhooks.
 */
function payments(appKey: string): Writes {
  let buyers: { id: number; session: Session }[] = [];
  let priceId = 0;
  // Per buyer: every payment started (its tx_ref known), and those paid with a 200.
  const started: string[][] = [];
  const paid: string[][] = [];
  const deliver = (base: string, txRef: string) => {
    const body = JSON.stringify({ event: 'charge.success', tx_ref: txRef, outcome: 'success' });
    const signature = createHmac('sha256', `sandbox-webhook:${appKey}`).update(body).digest('hex');
    return call<{ status: string }>(base, null, 'POST', '/api/v1/billing/webhooks/sandbox', body, {
      'x-sandbox-signature': signature,
    });
  };
  return {
    lanes: 4,
    setup: async (base, admin) => {
      expect((await call(base, admin, 'POST', '/api/v1/settings', { 'billing.enable': true })).status).toBe(
        200,
      );
      buyers = await createUsers(base, admin, 4, 'buyer');
      const products = await call<{ pagination: { data: Product[] } }>(
        base,
        buyers[0]!.session,
        'GET',
        '/api/v1/billing/products',
      );
      priceId = products.body.pagination.data
        .find((p) => p.name === 'Premium')!
        .prices.find((p) => p.currency === 'ETB' && p.interval === 'month')!.id;
      started.push(...buyers.map(() => []));
      paid.push(...buyers.map(() => []));
    },
    write: async (base, lane, n) => {
      const { session } = buyers[lane]!;
      const checkout = await call<{ payment: Payment }>(base, session, 'POST', '/api/v1/billing/checkout', {
        price_id: priceId,
        idempotency_key: `crash-${lane}-${n}`,
      });
      if (checkout.status !== 200) throw failed('checkout', checkout);
      const txRef = checkout.body.payment.tx_ref;
      started[lane]!.push(txRef);
      const pay = await call(base, session, 'POST', `/api/v1/billing/sandbox/${txRef}`, {
        outcome: 'success',
      });
      if (pay.status !== 200) throw failed('pay', pay);
      paid[lane]!.push(txRef);
      const webhook = await deliver(base, txRef);
      if (webhook.status !== 200 || webhook.body.status !== 'duplicate') throw failed('webhook', webhook);
    },
    enough: () => paid.flat().length >= 20,
    check: async (base) => {
      const numbers: number[] = [];
      for (const [lane, { session }] of buyers.entries()) {
        // The gateway delivers every event again, those the kill cut short too: one it had a 200
        // for changes nothing.
        for (const txRef of started[lane]!) {
          const res = await deliver(base, txRef);
          expect(res.status, txRef).toBe(200);
          if (paid[lane]!.includes(txRef)) expect(res.body.status, txRef).toBe('duplicate');
        }
        const succeeded: string[] = [];
        for (const txRef of started[lane]!) {
          const res = await call<{ payment: Payment }>(
            base,
            session,
            'GET',
            `/api/v1/billing/payments/${txRef}`,
          );
          expect(res.status, txRef).toBe(200);
          if (paid[lane]!.includes(txRef)) expect(res.body.payment.status, txRef).toBe('succeeded');
          if (res.body.payment.status === 'succeeded') succeeded.push(txRef);
        }
        const overview = await call<BillingOverview>(base, session, 'GET', '/api/v1/billing/me');
        expect(overview.status).toBe(200);
        const { subscription, invoices } = overview.body;
        // One invoice per payment that went through: none lost, none twice.
        const invoiced: string[] = [];
        for (const invoice of invoices) {
          const res = await call<InvoiceDocument>(
            base,
            session,
            'GET',
            `/api/v1/billing/invoices/${invoice.number}`,
          );
          expect(res.status).toBe(200);
          invoiced.push(res.body.payment.tx_ref);
          numbers.push(invoice.number);
        }
        expect(invoiced.sort()).toEqual(succeeded.sort());
        // The buyer was told of each payment with a 200 (the notice is written before the answer).
        const told = await call<{ pagination: { data: Notification[] } }>(
          base,
          session,
          'GET',
          '/api/v1/notifications?page=1&perPage=100',
        );
        const notices = told.body.pagination.data.filter((x) => x.type === 'billing.payment_succeeded');
        expect(notices.length).toBeGreaterThanOrEqual(paid[lane]!.length);
        expect(notices.length).toBeLessThanOrEqual(succeeded.length);
        // The plan is on, extended once per payment: a month each from where it started.
        if (!succeeded.length) expect(subscription).toBeNull();
        else {
          expect(subscription).toMatchObject({ status: 'active', active: true, price: { id: priceId } });
          const from = new Date(subscription!.current_period_start!);
          const to = new Date(subscription!.current_period_end!);
          const months =
            (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
          expect(months).toBe(succeeded.length);
        }
      }
      // Invoices are numbered without gaps: a number is taken only with the payment it invoices.
      numbers.sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    },
  };
}

/**
 * Fans follow a reader, unfollow and follow again (each follow is news to the reader), while the
 * reader opens the bell and marks what is unread on it as read.
 */
function notifications(): Writes {
  let reader: { id: number; session: Session };
  let fans: { id: number; session: Session }[] = [];
  const followed: number[] = [];
  const shown = new Set<number>();
  const read = new Set<number>();
  /** The bell: the first page, as the browser asks for it. */
  const bell = (base: string) =>
    call<{ pagination: { data: Notification[] } }>(base, reader.session, 'GET', '/api/v1/notifications');
  return {
    lanes: 4,
    setup: async (base, admin) => {
      [reader, ...fans] = (await createUsers(base, admin, 4, 'fan')) as [typeof reader, ...typeof fans];
      followed.push(...fans.map(() => 0));
    },
    write: async (base, lane) => {
      if (lane === fans.length) {
        const page = await bell(base);
        if (page.status !== 200) throw failed('bell', page);
        for (const x of page.body.pagination.data) shown.add(x.id);
        const unread = page.body.pagination.data.filter((x) => !x.read_at).map((x) => x.id);
        if (!unread.length) return;
        const marked = await call(base, reader.session, 'POST', '/api/v1/notifications/mark-as-read', {
          ids: unread,
        });
        if (marked.status !== 200) throw failed('mark as read', marked);
        for (const id of unread) read.add(id);
        return;
      }
      const path = `/api/v1/me/follows/user/${reader.id}`;
      const follow = await call(base, fans[lane]!.session, 'PUT', path);
      if (follow.status !== 200) throw failed('follow', follow);
      followed[lane]!++;
      const unfollow = await call(base, fans[lane]!.session, 'DELETE', path);
      if (unfollow.status !== 200) throw failed('unfollow', unfollow);
    },
    enough: () => followed.reduce((a, b) => a + b) >= 24 && read.size >= 10,
    check: async (base) => {
      // Sessions are kept too: the same browser reads on after the restart.
      const all: Notification[] = [];
      for (let page = 1; ; page++) {
        const res = await call<{ pagination: { data: Notification[]; next_page?: number | null } }>(
          base,
          reader.session,
          'GET',
          `/api/v1/notifications?page=${page}&perPage=100`,
        );
        expect(res.status).toBe(200);
        all.push(...res.body.pagination.data);
        if (!res.body.pagination.next_page) break;
      }
      const byId = new Map(all.map((x) => [x.id, x]));
      for (const id of shown) expect(byId.has(id), `notification ${id}`).toBe(true);
      for (const id of read) expect(byId.get(id)?.read_at, `notification ${id}`).not.toBeNull();
      for (const [lane, fan] of fans.entries()) {
        const fromFan = all.filter(
          (x) => x.type === 'user.followed' && x.data.mainAction?.action.startsWith(`/user/${fan.id}/`),
        );
        // Each acknowledged follow told the reader; at most the one the kill cut short did too.
        expect(fromFan.length).toBeGreaterThanOrEqual(followed[lane]!);
        expect(fromFan.length).toBeLessThanOrEqual(followed[lane]! + 1);
      }
      // The bell, as the browser reads it, says what the store says.
      const first = await bell(base);
      expect(first.body.pagination.data).toEqual(all.slice(0, first.body.pagination.data.length));
    },
  };
}

describe('SIGKILL in the middle of writes', () => {
  const appKey = randomBytes(32).toString('hex');
  const writes = { playlists: playlists(), payments: payments(appKey), notifications: notifications() };
  let life: Awaited<ReturnType<typeof firstLife>> | undefined;
  let server: CrashServer;

  beforeAll(async () => {
    life = await firstLife({ APP_KEY: appKey });
    const { base } = life.server;
    const admin = await signIn(base);
    const kinds = Object.values(writes);
    for (const kind of kinds) await kind.setup(base, admin);
    // Every kind's lanes at once, so writes of each are in flight at the moment of the kill.
    const lanes = kinds.flatMap((kind) =>
      Array.from({ length: kind.lanes }, (_, lane) => (n: number) => kind.write(base, lane, n)),
    );
    await killMidWrites(
      life.server,
      lanes.length,
      (lane, n) => lanes[lane]!(n),
      () => kinds.every((kind) => kind.enough()),
    );
    server = await life.restart();
  }, 180_000);
  afterAll(() => life?.dispose());

  it('keeps every acknowledged playlist and cover, and serves no half-written file', () =>
    writes.playlists.check(server.base, life!.dataDir));

  it('keeps every acknowledged payment: its plan, one invoice, however often the gateway re-delivers', () =>
    writes.payments.check(server.base, life!.dataDir));

  it('keeps every acknowledged notification and every acknowledged mark-as-read', () =>
    writes.notifications.check(server.base, life!.dataDir));
});
