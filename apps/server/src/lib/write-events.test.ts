import { describe, expect, it } from 'vitest';
import { createWriteEvents } from './write-events';

describe('write events', () => {
  it("runs the subscribers one after the other, in the order they subscribed, in the writer's db", async () => {
    const events = createWriteEvents();
    const seen: string[] = [];
    const db = {} as never;
    events.on('workspace.closing', async (given, { workspaceIds }) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`first ${workspaceIds} ${given === db}`);
    });
    events.on('workspace.closing', async (given, { workspaceIds }) => {
      seen.push(`second ${workspaceIds} ${given === db}`);
    });
    await events.emit(db, 'workspace.closing', { workspaceIds: [4] });
    expect(seen).toEqual(['first 4 true', 'second 4 true']);
  });

  it('fails the write when a subscriber fails (unlike the domain events), and stops there', async () => {
    const events = createWriteEvents();
    let reached = false;
    events.on('users.deleting', async () => {
      throw new Error('cannot');
    });
    events.on('users.deleting', async () => {
      reached = true;
    });
    await expect(events.emit({} as never, 'users.deleting', { userIds: [1] })).rejects.toThrow('cannot');
    expect(reached).toBe(false);
  });
});
