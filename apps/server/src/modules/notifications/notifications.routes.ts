import { msg } from '@zema/contracts';
import { notifications } from '@zema/contracts/notifications/notifications.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { sendJsonBytes } from '#src/http/json-bytes';
import {
  assertNotificationsEnabled,
  deleteNotifications,
  firstNotificationsPage,
  getSubscriptionSettings,
  isFirstPage,
  listNotifications,
  markAllAsRead,
  markAsRead,
  updateSubscriptionSettings,
} from './notifications.service';
import {
  createPushSubscription,
  deletePushSubscription,
  listPushSubscriptions,
  publicKey,
} from './push-subscriptions.service';

/**
 * SPEC §7 notifications calls, plus delete and browser push subscriptions (decision 0031). Every one
 * acts on the caller's own rows only, and answers 404 while the admin has notifications off
 * (`GET events`, the live stream, is registered by the live-events feature).
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const enabled = async () => assertNotificationsEnabled(app.deps);

  defineRoute(app, notifications.list, async (request, reply) => {
    await enabled();
    if (isFirstPage(request.query))
      return sendJsonBytes(reply, await firstNotificationsPage(app.deps, request.user!));
    return { pagination: await listNotifications(app.deps, request.user!, request.query) };
  });

  defineRoute(app, notifications.markAsRead, async (request) => {
    await enabled();
    return { unreadCount: await markAsRead(app.deps, request.user!.id, request.body.ids) };
  });

  defineRoute(app, notifications.markAllAsRead, async (request) => {
    await enabled();
    return { unreadCount: await markAllAsRead(app.deps, request.user!.id) };
  });

  defineRoute(app, notifications.delete, async (request) => {
    await enabled();
    return { unreadCount: await deleteNotifications(app.deps, request.user!.id, request.body.ids) };
  });

  defineRoute(app, notifications.getSubscriptions, async (request) => {
    await assertNotificationsEnabled(app.deps, true);
    return getSubscriptionSettings(app.deps, request.user!.id);
  });

  defineRoute(app, notifications.updateSubscriptions, async (request) => {
    await assertNotificationsEnabled(app.deps, true);
    return updateSubscriptionSettings(app.deps, request.user!.id, request.body.selections);
  });

  defineRoute(app, notifications.pushKey, async () => {
    await enabled();
    return publicKey(app.deps);
  });

  defineRoute(app, notifications.listPushSubscriptions, async (request) => {
    await enabled();
    return listPushSubscriptions(app.deps, request.user!.id, request.query.endpoint);
  });

  defineRoute(app, notifications.createPushSubscription, async (request) => {
    await enabled();
    return createPushSubscription(app.deps, request.user!.id, request.body, request.headers['user-agent']);
  });

  defineRoute(app, notifications.deletePushSubscription, async (request) => {
    await enabled();
    await deletePushSubscription(app.deps, request.user!.id, request.params.id);
    return { message: msg('Push notifications stopped in that browser.') };
  });
};
