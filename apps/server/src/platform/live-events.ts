import type { LiveEvent, LiveEventName } from '@zema/contracts';
import type { PubSub } from './pubsub';

/**
 * Live events for one user's open pages (server-sent events on `GET api/v1/events`, PROTOCOLS.md).
 * A service publishes; every instance holding a stream of that user writes it out. Publishing never
 * waits for delivery and never fails the write that caused it.
 */
export interface LiveEvents {
  publish<N extends LiveEventName>(userId: number, name: N, data: LiveEvent<N>): Promise<void>;
}

/** The channel a user's events travel on, across instances (through Redis when it is set). */
export const liveChannel = (userId: number) => `live:user:${userId}`;

export function createLiveEvents(pubsub: PubSub): LiveEvents {
  return {
    async publish(userId, name, data) {
      await pubsub.publish(liveChannel(userId), { name, data });
    },
  };
}
