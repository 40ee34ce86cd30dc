import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { backstageRequests } from '#src/modules/backstage/tables';
import { albums, artists, tracks } from '#src/modules/catalogue/tables';
import { follows, playlists } from '#src/modules/library/tables';
import { displayNameOf } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import type { Deps } from '#src/platform/deps';
import { closeInvitationNotifications, notify } from './notifications.service';

/**
 * What notifies (decision 0031): each domain event a writer emits where it wrote the data
 * becomes a notification here, so the writers know nothing of notifications (decision 0019's
 * pattern, like the cache invalidations in deps.ts). A listener that fails is logged by the
 * events module and never fails the write.
 */

type ListenerDeps = Pick<Deps, 'db' | 'settings' | 'live' | 'background' | 'config' | 'log' | 'events'>;

/** Followers notified per batch of a new release (one insert, one publish round each). */
export const RELEASE_FANOUT_BATCH = 500;

async function userName(db: Deps['db'], id: number) {
  const [row] = await db
    .select({
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatar: users.avatar,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ? { name: displayNameOf(row), avatar: row.avatar } : null;
}

export function notifyOnDomainEvents(deps: ListenerDeps): void {
  const { events, db } = deps;

  events.on('workspace.invited', async (e) => {
    if (e.userId === null) return;
    const inviter = await userName(db, e.inviterId);
    await notify(
      deps,
      [e.userId],
      {
        type: 'workspace.invitation',
        params: {
          inviteId: e.inviteId,
          workspaceId: e.workspaceId,
          workspaceName: e.workspaceName,
          inviterName: inviter?.name ?? '',
          role: e.role,
        },
      },
      { ref: e.inviteId },
    );
  });

  events.on('workspace.invite_closed', (e) => closeInvitationNotifications(deps, e.inviteId));

  events.on('workspace.member_changed', async (e) => {
    if (e.userId === e.byUserId) return;
    const { workspaceName } = e;
    await notify(
      deps,
      [e.userId],
      e.role === null
        ? { type: 'workspace.removed', params: { workspaceId: e.workspaceId, workspaceName } }
        : {
            type: 'workspace.role_changed',
            params: { workspaceId: e.workspaceId, workspaceName, role: e.role },
          },
    );
  });

  events.on('backstage.request_decided', async (e) => {
    const [request] = await db
      .select({
        status: backstageRequests.status,
        artistId: backstageRequests.artistId,
        artistName: backstageRequests.artistName,
        denyReason: backstageRequests.denyReason,
        currentName: artists.name,
      })
      .from(backstageRequests)
      .leftJoin(artists, eq(artists.id, backstageRequests.artistId))
      .where(eq(backstageRequests.id, e.requestId));
    if (!request || request.status === 'pending') return;
    await notify(deps, [e.userId], {
      type: 'backstage.request_decided',
      params: {
        requestId: e.requestId,
        artistId: request.artistId,
        artistName: request.currentName ?? request.artistName,
        approved: request.status === 'approved',
        reason: request.status === 'approved' ? null : request.denyReason,
      },
    });
  });

  events.on('user.followed', async (e) => {
    if (e.followerId === e.userId) return;
    const follower = await userName(db, e.followerId);
    if (!follower) return;
    await notify(deps, [e.userId], {
      type: 'user.followed',
      params: { followerId: e.followerId, followerName: follower.name, followerAvatar: follower.avatar },
    });
  });

  events.on('playlist.collaborator_added', async (e) => {
    if (e.userId === e.byUserId) return;
    const [playlist] = await db
      .select({ name: playlists.name })
      .from(playlists)
      .where(eq(playlists.id, e.playlistId));
    const by = await userName(db, e.byUserId);
    if (!playlist || !by) return;
    await notify(deps, [e.userId], {
      type: 'playlist.collaborator_added',
      params: { playlistId: e.playlistId, playlistName: playlist.name, byUserName: by.name },
    });
  });

  // Followers can be many: the fan-out runs after the publishing request has answered, in
  // batches, so one release by a popular artist is a few large writes, not one per follower.
  events.on('music.released', (e) => {
    deps.background.run('notify-new-release', () => notifyNewRelease(deps, e));
  });

  // Billing says what happened to a buyer's money and plan; the buyer hears it here.
  events.on('payment.settled', async (e) => {
    const { userId, productName, amount, currency } = e;
    await notify(
      deps,
      [userId],
      e.status === 'succeeded'
        ? {
            type: 'billing.payment_succeeded',
            params: { productName, amount, currency, invoiceNumber: e.invoiceNumber },
          }
        : { type: 'billing.payment_failed', params: { productName, amount, currency, priceId: e.priceId } },
    );
  });
  events.on('payment.refunded', async ({ userId, ...params }) => {
    await notify(deps, [userId], { type: 'billing.payment_refunded', params });
  });
  events.on('subscription.renewal_due', async ({ userId, ...params }) => {
    await notify(deps, [userId], { type: 'billing.renewal_reminder', params });
  });
  events.on('subscription.ended', async ({ userId, productName }) => {
    await notify(deps, [userId], { type: 'billing.subscription_ended', params: { productName } });
  });
  events.on('plan.granted', async ({ userId, ...params }) => {
    await notify(deps, [userId], { type: 'billing.plan_granted', params });
  });
}

export async function notifyNewRelease(
  deps: ListenerDeps,
  e: { artistIds: number[]; albumId: number | null; trackId: number | null },
): Promise<number> {
  const { db } = deps;
  if (!e.artistIds.length) return 0;
  let title: string | null = null;
  let image: string | null = null;
  if (e.albumId !== null) {
    const [album] = await db
      .select({ name: albums.name, image: albums.image })
      .from(albums)
      .where(eq(albums.id, e.albumId));
    title = album?.name ?? null;
    image = album?.image ?? null;
  } else if (e.trackId !== null) {
    const [track] = await db
      .select({ name: tracks.name, image: tracks.image, albumImage: albums.image })
      .from(tracks)
      .leftJoin(albums, eq(albums.id, tracks.albumId))
      .where(eq(tracks.id, e.trackId));
    title = track?.name ?? null;
    image = track?.image ?? track?.albumImage ?? null;
  }
  if (title === null) return 0;
  const credited = await db
    .select({ id: artists.id, name: artists.name })
    .from(artists)
    .where(inArray(artists.id, e.artistIds));
  const lead = credited.find((a) => a.id === e.artistIds[0]) ?? credited[0];
  if (!lead) return 0;
  const release = {
    artistId: lead.id,
    artistName: lead.name,
    albumId: e.albumId,
    trackId: e.trackId,
    title,
    image,
  };
  let after = 0;
  let notified = 0;
  for (;;) {
    // Keyset pages over the followers of any credited artist (each follower once).
    const batch = await db
      .selectDistinct({ id: follows.followerId })
      .from(follows)
      .where(
        and(
          eq(follows.followableType, 'artist'),
          inArray(
            follows.followableId,
            credited.map((a) => a.id),
          ),
          gt(follows.followerId, after),
        ),
      )
      .orderBy(asc(follows.followerId))
      .limit(RELEASE_FANOUT_BATCH);
    if (!batch.length) break;
    const ids = batch.map((b) => b.id);
    notified += (await notify(deps, ids, { type: 'music.new_release', params: { releases: [release] } }))
      .length;
    after = ids[ids.length - 1]!;
    if (batch.length < RELEASE_FANOUT_BATCH) break;
  }
  return notified;
}
