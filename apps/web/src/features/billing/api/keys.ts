/** Every query key of the billing feature, from one factory (invalidations reuse them). */
export const billingKeys = {
  all: ['billing'] as const,
  overview: () => [...billingKeys.all, 'overview'] as const,
  invoice: (number: number) => [...billingKeys.all, 'invoice', number] as const,
};
