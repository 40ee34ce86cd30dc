/**
 * Write events: said inside the writer's transaction, so the module that owns related rows keeps
 * them consistent in that same transaction (decision 0051). A module writes only its own tables;
 * when its write concerns rows another module owns (the likes of a deleted track, the uploads of a
 * closed workspace, the sessions of a suspended user), it emits here and the owner, subscribed in
 * its `register`, writes them with `db` — the writer's transaction.
 *
 * Unlike the domain events (lib/events.ts, after the write, for caches and notifications), a
 * subscriber's failure is the write's failure: it propagates and the transaction rolls back.
 * Subscribers run one after the other, in the order the modules registered.
 */
import type { Db } from '#src/db/client';

/** Every write event and what it carries (besides `db`). */
export interface WriteEventMap {
  /** Catalogue items are being deleted: references without a foreign key must go with them. */
  'catalogue.deleting': { kind: 'artist' | 'album' | 'track' | 'genre' | 'channel'; ids: number[] };
  /** The demo catalogue was written: its example plays, one row per listen. */
  'catalogue.demo_seeded': {
    plays: {
      trackId: number;
      listener: string;
      listenId: string;
      secondsListened: number;
      playedAt: Date;
    }[];
  };
  /** A workspace is being deleted: what was uploaded there returns to its uploaders. */
  'workspace.closing': { workspaceIds: number[] };
  /** Accounts are being deleted (their own rows go by foreign key; shared ones are handed back). */
  'users.deleting': { userIds: number[] };
  /** An admin suspended the user or set their password: every browser session ends now. */
  'user.signed_out_everywhere': { userId: number };
  /** An admin created an account with an invitation: its link sets the first password. */
  'user.invited': { userId: number; tokenHash: string; expiresAt: Date };
}

export type WriteEventName = keyof WriteEventMap;
type Handler<K extends WriteEventName> = (db: Db, payload: WriteEventMap[K]) => Promise<void>;

export interface WriteEvents {
  /** Runs every subscriber in `db` (the writer's transaction); the first failure propagates. */
  emit<K extends WriteEventName>(db: Db, name: K, payload: WriteEventMap[K]): Promise<void>;
  on<K extends WriteEventName>(name: K, handler: Handler<K>): void;
}

export function createWriteEvents(): WriteEvents {
  const handlers = new Map<WriteEventName, Handler<never>[]>();
  return {
    async emit(db, name, payload) {
      for (const handler of handlers.get(name) ?? []) await (handler as Handler<typeof name>)(db, payload);
    },
    on(name, handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as Handler<never>]);
    },
  };
}
