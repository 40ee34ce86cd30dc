import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Operation } from './operation';

/** Every operation object of every concept (`<concept>/*.operations.ts`, groups of operations). */
async function allOperations(): Promise<Operation[]> {
  const files = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.operations.ts'),
  );
  const operations: Operation[] = [];
  for (const file of files) {
    const module = (await import(`./${file}`)) as Record<string, unknown>;
    for (const group of Object.values(module)) {
      if (!group || typeof group !== 'object') continue;
      for (const candidate of Object.values(group as Record<string, unknown>)) {
        const op = candidate as Partial<Operation> | null;
        if (op && typeof op.path === 'string' && typeof op.method === 'string' && 'access' in op)
          operations.push(op as Operation);
      }
    }
  }
  return operations;
}

// The server's access tests prove each route keeps the rule it declares; this proves the rule an
// admin route declares is an admin's (SPEC §6). "Log in as"'s way back is the one admin path a
// user calls: the impersonated user ends it.
const USER_CALLS = new Set(['POST /api/v1/admin/impersonation/stop']);

describe('admin operations', () => {
  it('are open only to admins or a named permission, never to any user or visitor', async () => {
    const operations = await allOperations();
    expect(operations.length).toBeGreaterThan(200);
    const open = operations
      .filter((op) => op.path.startsWith('/api/v1/admin/'))
      .filter((op) => op.access === 'user' || op.access === 'guest')
      .map((op) => `${op.method} ${op.path}`)
      .filter((name) => !USER_CALLS.has(name));
    expect(open).toEqual([]);
  });
});
