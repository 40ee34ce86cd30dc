// Both drivers: the memory and Redis pub/sub drivers.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from './pubsub';

const redisUrl = process.env.REDIS_URL;
const open: PubSub[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

function nextMessage<T>(
  bus: PubSub,
  channel: string,
): Promise<{ message: Promise<T>; ready: Promise<void> }> {
  return new Promise((resolveOuter) => {
    let resolveMessage!: (m: T) => void;
    const message = new Promise<T>((r) => {
      resolveMessage = r;
    });
    const ready = bus.subscribe<T>(channel, (m) => resolveMessage(m)).then(() => undefined);
    resolveOuter({ message, ready });
  });
}

const drivers: [string, () => [PubSub, PubSub]][] = [
  [
    'memory',
    () => {
      const bus = createMemoryPubSub();
      return [bus, bus];
    },
  ],
];
if (redisUrl) {
  // Two separate buses stand for two app instances sharing one Redis.
  drivers.push(['redis', () => [createRedisPubSub(redisUrl), createRedisPubSub(redisUrl)]]);
}

describe.each(drivers)('pub/sub (%s)', (_name, make) => {
  it('delivers a published JSON message to subscribers', async () => {
    const [publisher, subscriber] = make();
    open.push(...new Set([publisher, subscriber]));
    const channel = `test:${randomUUID()}`;
    const { message, ready } = await nextMessage<{ n: number }>(subscriber, channel);
    await ready;
    await publisher.publish(channel, { n: 42 });
    expect(await message).toEqual({ n: 42 });
  });

  it('stops delivering after unsubscribe and keeps channels apart', async () => {
    const [publisher, subscriber] = make();
    open.push(...new Set([publisher, subscriber]));
    const a = `test:${randomUUID()}`;
    const b = `test:${randomUUID()}`;
    const seen: unknown[] = [];
    const unsubscribe = await subscriber.subscribe(a, (m) => seen.push(m));
    const { message, ready } = await nextMessage<string>(subscriber, b);
    await ready;
    await publisher.publish(a, 'first');
    await publisher.publish(b, 'marker');
    await message;
    await unsubscribe();
    await publisher.publish(a, 'after');
    const { message: second, ready: ready2 } = await nextMessage<string>(subscriber, b);
    await ready2;
    await publisher.publish(b, 'marker-2');
    await second;
    expect(seen).toEqual(['first']);
  });
});

it.skipIf(!redisUrl)('uses the redis driver when REDIS_URL is set', () => {
  const bus = createRedisPubSub(redisUrl!);
  open.push(bus);
  expect(bus.driver).toBe('redis');
});

describe.each(drivers)('pub/sub subscriptions of one channel (%s)', (_name, make) => {
  it('keeps a subscriber that joins while the last one leaves', async () => {
    const [publisher, subscriber] = make();
    open.push(...new Set([publisher, subscriber]));
    const channel = `test:${randomUUID()}`;
    const leaving = await subscriber.subscribe(channel, () => {});
    const seen: unknown[] = [];
    // Joining first, leaving before the join has finished: the channel must stay subscribed.
    const joining = subscriber.subscribe(channel, (m) => seen.push(m));
    await leaving();
    await joining;
    // A marker on another channel, published after: once it is in, the first has arrived too.
    const marker = `test:${randomUUID()}`;
    const { message, ready } = await nextMessage<string>(subscriber, marker);
    await ready;
    await publisher.publish(channel, 'still here');
    await publisher.publish(marker, 'after');
    await message;
    expect(seen).toEqual(['still here']);
  });
});
