import { test } from '@playwright/test';
import { ApiSession, adminSession, uniqueEmail } from './accounts';

const PASSWORD = 'correct-horse-battery';

/**
 * A fresh user who asked to become an artist and was approved by the admin (through the API:
 * backstage.spec.ts drives those screens). Resolves with the user's signed-in API session.
 */
export async function approvedArtist(prefix = 'artist'): Promise<{ user: ApiSession; artistName: string }> {
  const project = test.info().project.name;
  const user = await ApiSession.open();
  await user.register(uniqueEmail(prefix, project), PASSWORD);
  const artistName = `${prefix} ${project} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { request } = await user.postOk<{ request: { id: number } }>('/api/v1/backstage/requests', {
    type: 'become_artist',
    artist_name: artistName,
    role: 'artist',
    links: [],
  });
  const admin = await adminSession();
  await admin.postOk(`/api/v1/admin/backstage-requests/${request.id}/approve`);
  await admin.dispose();
  return { user, artistName };
}
