/** The notifications feature's face: what other features and app/ use of it. */
export { NotificationBell } from './components/notification-bell';
export { PushDevicesPanel } from './components/push-devices-panel';
export { useNotificationLiveUpdates } from './lib/use-notification-live-updates';
export { usePushNavigation } from './lib/use-push-navigation';
