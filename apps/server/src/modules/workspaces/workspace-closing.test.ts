import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, useApp } from '#test/helpers';
import { createWorkspace, deleteWorkspace } from './workspaces.service';
import { workspaces } from './workspaces.tables';

describe("write events in the writer's transaction", () => {
  const t = useApp();

  it("roll the owner's rows and the writer's back together", async () => {
    const owner = await createUser(t.db, { email: 'write-events-owner@example.com' });
    const ws = await createWorkspace(t.db, owner.id, 'Kept');
    // A subscriber of another module fails: the workspace is not deleted either.
    t.deps.writeEvents.on('workspace.closing', async (_db, { workspaceIds }) => {
      if (workspaceIds.includes(ws.id)) throw new Error('the uploads could not be handed back');
    });
    await expect(deleteWorkspace(t.deps, owner.id, ws.id)).rejects.toThrow('handed back');
    expect(await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id))).toHaveLength(1);
  });
});
