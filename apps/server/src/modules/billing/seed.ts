import { msg, PERMISSIONS, WORKSPACE_MEMBER_QUOTA_PERMISSION } from '@zema/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '#src/db/client';
import { permissions } from '#src/modules/users/tables';
import { prices, productPermissions, products } from './billing.tables';

type ExamplePlan = {
  name: string;
  description: string;
  free?: boolean;
  recommended?: boolean;
  featureList: string[];
  permissions: { name: string; restrictions?: { name: string; value: number | null }[] }[];
  prices: { currency: 'ETB' | 'USD'; amount: number; interval: 'month' | 'year' }[];
};

/**
 * The example plans of a fresh install (decision 0039): the whole flow can be tried at once, and the
 * admin edits or removes them. Amounts in minor units (santim, cents). Names, descriptions and
 * features are stored in English as catalogue sources (`msg()`): readers see them in their language
 * until the admin rewrites them (web lib/stored-text.ts).
 */
const EXAMPLE_PLANS: ExamplePlan[] = [
  {
    name: msg('Free'),
    description: msg('The whole catalogue, with ads.'),
    free: true,
    featureList: [msg('Listen to the whole catalogue'), msg('Playlists and your library'), msg('With ads')],
    permissions: [],
    prices: [
      { currency: 'ETB', amount: 0, interval: 'month' },
      { currency: 'USD', amount: 0, interval: 'month' },
    ],
  },
  {
    name: msg('Premium'),
    description: msg('Music without ads, and downloads.'),
    recommended: true,
    featureList: [msg('No ads'), msg('Download tracks and albums'), msg('Everything in Free')],
    permissions: [{ name: PERMISSIONS.adsDisable }, { name: PERMISSIONS.musicDownload }],
    prices: [
      { currency: 'ETB', amount: 19_900, interval: 'month' },
      { currency: 'ETB', amount: 199_000, interval: 'year' },
      { currency: 'USD', amount: 499, interval: 'month' },
      { currency: 'USD', amount: 4_990, interval: 'year' },
    ],
  },
  {
    name: msg('Artist Pro'),
    description: msg('For artists and their teams.'),
    featureList: [
      msg('Everything in Premium'),
      msg('50 GB of uploads'),
      msg('Workspaces of up to 25 members'),
    ],
    permissions: [
      { name: PERMISSIONS.adsDisable },
      { name: PERMISSIONS.musicDownload },
      { name: PERMISSIONS.filesCreate, restrictions: [{ name: 'space', value: 51_200 }] },
      { name: WORKSPACE_MEMBER_QUOTA_PERMISSION, restrictions: [{ name: 'max_members', value: 25 }] },
    ],
    prices: [
      { currency: 'ETB', amount: 49_900, interval: 'month' },
      { currency: 'ETB', amount: 499_000, interval: 'year' },
      { currency: 'USD', amount: 999, interval: 'month' },
      { currency: 'USD', amount: 9_990, interval: 'year' },
    ],
  },
];

/** Adds the example plans once: on an install whose products table never had a row. */
export async function seedExamplePlans(tx: Tx) {
  const [seq] = await queryRows<{ is_called: boolean }>(tx, sql`select is_called from products_id_seq`);
  if (seq?.is_called) return;
  // The users module seeded the permissions before (its seed comes first).
  const permRows = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions);
  const permId = (name: string) => permRows.find((p) => p.name === name)!.id;
  for (const [position, plan] of EXAMPLE_PLANS.entries()) {
    const [row] = await tx
      .insert(products)
      .values({
        name: plan.name,
        description: plan.description,
        free: plan.free ?? false,
        recommended: plan.recommended ?? false,
        featureList: plan.featureList,
        position,
      })
      .returning({ id: products.id });
    await tx.insert(prices).values(plan.prices.map((price) => ({ ...price, productId: row!.id })));
    if (plan.permissions.length)
      await tx.insert(productPermissions).values(
        plan.permissions.map((perm) => ({
          productId: row!.id,
          permissionId: permId(perm.name),
          restrictions: perm.restrictions ?? [],
        })),
      );
  }
}
