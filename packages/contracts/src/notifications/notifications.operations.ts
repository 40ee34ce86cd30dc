import { z } from 'zod';
import { messageResponseSchema, paginationSchema } from '../common';
import { defineOperations } from '../operation';
import { idParamSchema } from '../primitives';
import {
  notificationIdsRequestSchema,
  notificationListQuerySchema,
  notificationSchema,
  notificationSubscriptionSettingsSchema,
  pushSubscriptionRequestSchema,
  pushSubscriptionSchema,
  unreadCountResponseSchema,
  updateNotificationSubscriptionsRequestSchema,
} from './notifications';

export const notifications = defineOperations('Notifications', {
  list: {
    method: 'GET',
    path: '/api/v1/notifications',
    access: 'user',
    query: notificationListQuerySchema,
    response: z.object({ pagination: paginationSchema(notificationSchema) }),
    summary: 'List your notifications, newest first',
  },
  markAsRead: {
    method: 'POST',
    path: '/api/v1/notifications/mark-as-read',
    access: 'user',
    body: notificationIdsRequestSchema,
    response: unreadCountResponseSchema,
    summary: 'Mark notifications as read',
  },
  markAllAsRead: {
    method: 'POST',
    path: '/api/v1/notifications/mark-all-as-read',
    access: 'user',
    response: unreadCountResponseSchema,
    summary: 'Mark all your notifications as read',
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/notifications',
    access: 'user',
    body: notificationIdsRequestSchema,
    response: unreadCountResponseSchema,
    summary: 'Delete notifications',
  },
  getSubscriptions: {
    method: 'GET',
    path: '/api/v1/notifications/me/subscriptions',
    access: 'user',
    response: notificationSubscriptionSettingsSchema,
    summary: 'Your notification channels per type',
  },
  updateSubscriptions: {
    method: 'PUT',
    path: '/api/v1/notifications/me/subscriptions',
    access: 'user',
    body: updateNotificationSubscriptionsRequestSchema,
    response: notificationSubscriptionSettingsSchema,
    summary: 'Change your notification channels',
  },
  pushKey: {
    method: 'GET',
    path: '/api/v1/notifications/push/key',
    access: 'user',
    response: z.object({ public_key: z.string() }),
    summary: "The site's VAPID public key for browser push",
  },
  listPushSubscriptions: {
    method: 'GET',
    path: '/api/v1/notifications/push/subscriptions',
    access: 'user',
    query: z.object({ endpoint: z.string().max(2000).optional() }),
    response: z.object({ subscriptions: z.array(pushSubscriptionSchema) }),
    summary: 'Your browsers that receive push notifications',
  },
  createPushSubscription: {
    method: 'POST',
    path: '/api/v1/notifications/push/subscriptions',
    access: 'user',
    body: pushSubscriptionRequestSchema,
    response: z.object({ subscription: pushSubscriptionSchema }),
    summary: 'Receive push notifications in this browser',
  },
  deletePushSubscription: {
    method: 'DELETE',
    path: '/api/v1/notifications/push/subscriptions/:id',
    access: 'user',
    params: z.object({ id: idParamSchema }),
    response: messageResponseSchema,
    summary: 'Stop push notifications to a browser',
  },
  events: {
    method: 'GET',
    path: '/api/v1/events',
    access: 'user',
    summary: 'Your live events (server-sent events: notifications, unread count)',
  },
});
