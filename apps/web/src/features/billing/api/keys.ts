/** Query keys of the billing feature (the billing page's own keys start with the same root). */
export const billingKeys = {
  all: ['billing'] as const,
  products: () => [...billingKeys.all, 'products'] as const,
  payment: (txRef: string) => [...billingKeys.all, 'payment', txRef] as const,
  sandboxCharge: (txRef: string) => [...billingKeys.all, 'sandbox', txRef] as const,
  overview: () => [...billingKeys.all, 'overview'] as const,
  invoice: (number: number) => [...billingKeys.all, 'invoice', number] as const,
};
