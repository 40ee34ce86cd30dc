import { z } from 'zod';
import { menuSchema, themeSchema } from '../appearance/appearance';
import { guestRoleSchema } from '../permissions';
import { clientSettingsSchema } from '../settings/settings';
import { userSchema } from '../users/user';
import { workspaceSchema } from '../workspaces/workspaces';
import { localizationSchema } from './value-lists';

/**
 * Bootstrap data (SPEC §3): inlined in the served HTML as `window.bootstrapData` and returned by
 * GET api/v1/bootstrap-data, login, register, social login and logout.
 */
export const bootstrapDataSchema = z.object({
  user: userSchema.nullable(),
  guest_role: guestRoleSchema.nullable(),
  settings: clientSettingsSchema,
  themes: z.object({ all: z.array(themeSchema), selectedThemeId: z.number().int().nullable() }),
  menus: z.array(menuSchema),
  i18n: z.object({ locale: localizationSchema, lines: z.record(z.string(), z.string()) }),
  /** A workspace the user can act in; 0 = the default personal workspace (SPEC §3). */
  workspaces: z.array(workspaceSchema),
});
export type BootstrapData = z.infer<typeof bootstrapDataSchema>;

export const bootstrapResponseSchema = z.object({ bootstrapData: bootstrapDataSchema });
