import { z } from 'zod';
import { productSchema, productsQuerySchema } from '../billing';
import { paginationSchema } from '../common';
import { defineOperations } from '../operation';

export const billing = defineOperations('Billing', {
  products: {
    method: 'GET',
    path: '/api/v1/billing/products',
    // The pricing page is public (SPEC §2); it answers 404 while billing is off.
    access: 'guest',
    query: productsQuerySchema,
    response: z.object({ pagination: paginationSchema(productSchema) }),
    summary: 'The plans on sale, in display order, with their prices',
  },
});
