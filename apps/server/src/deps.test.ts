// Both drivers: createDeps opens and closes the Redis connections when REDIS_URL is set.
import { pino } from 'pino';
import { expect, it } from 'vitest';
import { getAccount } from '#src/modules/account/index';
import { createArtist, getArtistPage } from '#src/modules/catalogue/index';
import { adminUserId, useApp } from '#test/helpers';
import { createDeps } from './deps';

const t = useApp();

it('runs services without a server: deps built on a database, as a script or a job would', async () => {
  // No Fastify instance, request or reply: only the config, an open database and a logger.
  const deps = await createDeps(t.config, t.app.deps.database, pino({ level: 'silent' }));
  try {
    const announced: string[] = [];
    deps.events.on('catalogue.changed', () => {
      announced.push('catalogue.changed');
    });
    const artistId = await createArtist(deps, { name: 'Written By A Script' });
    expect(announced).toEqual(['catalogue.changed']);
    const page = await getArtistPage(deps, artistId, null);
    expect(page?.artist.name).toBe('Written By A Script');
    const admin = await getAccount(deps, await adminUserId(deps.db));
    expect(admin.email).toBe(t.config.adminEmail);
  } finally {
    await deps.close();
  }
});
