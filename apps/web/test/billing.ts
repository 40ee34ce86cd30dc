import type { Product } from '@zema/contracts';

/** The fresh install's example plans (server seed), as GET billing/products answers them. */
export function examplePlans(): Product[] {
  const base = { description: null, hidden: false, recommended: false, free: false, trial_days: 0 };
  return [
    {
      ...base,
      id: 1,
      name: 'Free',
      free: true,
      position: 0,
      feature_list: ['Listen to the whole catalogue', 'With ads'],
      prices: [
        { id: 1, product_id: 1, currency: 'ETB', amount: 0, interval: 'month', interval_count: 1 },
        { id: 2, product_id: 1, currency: 'USD', amount: 0, interval: 'month', interval_count: 1 },
      ],
    },
    {
      ...base,
      id: 2,
      name: 'Premium',
      recommended: true,
      position: 1,
      feature_list: ['No ads', 'Download tracks and albums'],
      prices: [
        { id: 3, product_id: 2, currency: 'ETB', amount: 19_900, interval: 'month', interval_count: 1 },
        { id: 4, product_id: 2, currency: 'ETB', amount: 199_000, interval: 'year', interval_count: 1 },
        { id: 5, product_id: 2, currency: 'USD', amount: 499, interval: 'month', interval_count: 1 },
        { id: 6, product_id: 2, currency: 'USD', amount: 4_990, interval: 'year', interval_count: 1 },
      ],
    },
    {
      ...base,
      id: 3,
      name: 'Secret',
      hidden: true,
      position: 2,
      feature_list: [],
      prices: [{ id: 7, product_id: 3, currency: 'ETB', amount: 100, interval: 'month', interval_count: 1 }],
    },
  ];
}
