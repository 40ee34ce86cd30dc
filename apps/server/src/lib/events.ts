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
