import { describe, expect, it } from 'vitest';
import { createDomainEvents, type DomainEventName } from './events';

describe('domain events', () => {
  it('waits for every subscriber before the writer goes on', async () => {
    const events = createDomainEvents(() => undefined);
    const seen: string[] = [];
    events.on('artist.changed', async ({ artistId }) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`slow ${artistId}`);
    });
    events.on('artist.changed', ({ artistId }) => {
      seen.push(`fast ${artistId}`);
    });
    await events.emit('artist.changed', { artistId: 7 });
    expect(seen.sort()).toEqual(['fast 7', 'slow 7']);
  });

  it('logs a failing subscriber without failing the write or the other subscribers', async () => {
    const failures: DomainEventName[] = [];
    const events = createDomainEvents((_err, name) => failures.push(name));
    let other = 0;
    events.on('catalogue.changed', () => {
      throw new Error('cache down');
    });
    events.on('catalogue.changed', () => {
      other += 1;
    });
    await expect(events.emit('catalogue.changed', {})).resolves.toBeUndefined();
    expect(failures).toEqual(['catalogue.changed']);
    expect(other).toBe(1);
  });

  it('stops calling a subscriber that unsubscribed', async () => {
    const events = createDomainEvents(() => undefined);
    let calls = 0;
    const off = events.on('catalogue.changed', () => {
      calls += 1;
    });
    await events.emit('catalogue.changed', {});
    off();
    await events.emit('catalogue.changed', {});
    expect(calls).toBe(1);
  });
});
