/** Query keys of the admin's billing area (one factory; invalidations reuse them). */
export const billingAdminKeys = {
  all: ['admin-billing'] as const,
  plans: () => [...billingAdminKeys.all, 'plans'] as const,
  plan: (id: number) => [...billingAdminKeys.plans(), id] as const,
  subscriptions: () => [...billingAdminKeys.all, 'subscriptions'] as const,
  subscriptionList: (query: Record<string, string>) => [...billingAdminKeys.subscriptions(), query] as const,
  paymentLists: () => [...billingAdminKeys.all, 'payments'] as const,
  payments: (query: Record<string, string>) => [...billingAdminKeys.paymentLists(), query] as const,
  webhooks: () => [...billingAdminKeys.all, 'webhooks'] as const,
  webhookList: (query: Record<string, string>) => [...billingAdminKeys.webhooks(), 'list', query] as const,
  webhook: (id: number) => [...billingAdminKeys.webhooks(), 'one', id] as const,
};
