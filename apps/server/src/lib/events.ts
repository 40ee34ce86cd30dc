/**
 * Domain events: a writer says what changed, where it wrote it; whoever keeps something derived
 * from that data (a cached page, a search index) subscribes. Cache invalidation lives with the
 * cache, not in every route that writes, and a script or job that writes through the services gets
 * it for free (decision 0019).
 *
 * `emit` waits for every subscriber, so when the writer answers, its next read is fresh. A
 * subscriber that fails is logged and does not fail the write: the data is written; at worst a
 * cache serves its previous answer until it expires.
 */

import type { Currency } from '@zema/contracts';

/** Every event and what it carries. */
export interface DomainEventMap {
  /** Artists, albums, tracks, genres or channels were created, changed or deleted. */
  'catalogue.changed': Record<string, never>;
  /** One artist's page changed without a catalogue write (a follow or unfollow). */
  'artist.changed': { artistId: number };
  /** A playlist was changed (name, visibility, image, tracks) or deleted. */
  'playlist.changed': { playlistId: number };
  /** What others see of a user changed (public name, avatar), or the account was deleted. */
  'user.changed': { userId: number };
  /**
   * Something a signed-in user's own record says changed: email, names, verification, language,
   * two-factor, roles or permissions of their own, social accounts, suspension (what others see
   * of a user is `user.changed`, which also covers this one's reader).
   */
  'account.changed': { userId: number };
  /** Roles or their permissions changed: what many users may do changed at once. */
  'access.changed': Record<string, never>;
  /** One session ended (`sessionId`: the stored id, the token's sha256), or all of a user's. */
  'sessions.ended': { sessionId: string } | { userId: number };
  /** Notifications of these readers were written, read or deleted (their list and count changed). */
  'notifications.changed': { userIds: number[] };
  /** Someone was invited to a workspace (`userId` when the email belongs to an account). */
  'workspace.invited': {
    inviteId: string;
    workspaceId: number;
    email: string;
    userId: number | null;
    inviterId: number;
    /** What the invitee's notification shows (it names the workspace and the role offered). */
    workspaceName: string;
    role: string;
  };
  /** A member's role changed (`role`) or they were removed (`role` null) by someone else. */
  'workspace.member_changed': {
    workspaceId: number;
    userId: number;
    role: string | null;
    byUserId: number;
    /** What the member's notification shows. */
    workspaceName: string;
  };
  /** An invitation was revoked, accepted or declined: its notification's buttons no longer apply. */
  'workspace.invite_closed': { inviteId: string };
  /** An admin approved or denied a backstage request. */
  'backstage.request_decided': { requestId: number; userId: number };
  /** An album or single was published (a release draft going live, or a catalogue write). */
  'music.released': { artistIds: number[]; albumId: number | null; trackId: number | null };
  /** `followerId` followed the user `userId`. */
  'user.followed': { followerId: number; userId: number };
  /** A playlist owner added `userId` as a collaborator. */
  'playlist.collaborator_added': { playlistId: number; userId: number; byUserId: number };
  /**
   * A payment was settled: paid (with the number of its invoice) or failed. Amounts are in minor
   * units (santim, cents) of `currency`.
   */
  'payment.settled': {
    userId: number;
    productName: string;
    amount: number;
    currency: Currency;
    priceId: number;
  } & ({ status: 'succeeded'; invoiceNumber: string } | { status: 'failed' });
  /** Money went back to the buyer of a payment (`full` once all of it has). */
  'payment.refunded': {
    userId: number;
    productName: string;
    amount: number;
    currency: Currency;
    full: boolean;
  };
  /** A prepaid period ends soon (once per period): `priceId` is the renewal to pay. */
  'subscription.renewal_due': {
    userId: number;
    productName: string;
    endsAt: string;
    productId: number;
    priceId: number;
  };
  /** A plan ended: expired, over at the end of a cancelled period, or ended by an admin. */
  'subscription.ended': { userId: number; productName: string };
  /** An admin gave a user a plan by hand until `endsAt`. */
  'plan.granted': { userId: number; productName: string; endsAt: string };
}

export type DomainEventName = keyof DomainEventMap;
type Handler<K extends DomainEventName> = (payload: DomainEventMap[K]) => void | Promise<void>;

export interface DomainEvents {
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void>;
  /** Subscribes; returns the unsubscribe function. */
  on<K extends DomainEventName>(name: K, handler: Handler<K>): () => void;
}

export function createDomainEvents(onError: (err: unknown, name: DomainEventName) => void): DomainEvents {
  const handlers = new Map<DomainEventName, Set<Handler<never>>>();
  return {
    async emit(name, payload) {
      const subscribed = handlers.get(name);
      if (!subscribed?.size) return;
      await Promise.all(
        [...subscribed].map(async (handler) => {
          try {
            await (handler as Handler<typeof name>)(payload);
          } catch (err) {
            onError(err, name);
          }
        }),
      );
    },
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
      }
      set.add(handler as Handler<never>);
      return () => set.delete(handler as Handler<never>);
    },
  };
}
