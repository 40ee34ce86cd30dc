import type { Config } from '#src/config';
import type { Database } from '#src/db/client';
import { type SeedResult, seedDatabase } from '#src/db/seed';
import { accountModule } from '#src/modules/account/index';
import { appearanceModule } from '#src/modules/appearance/index';
import { auditModule } from '#src/modules/audit/index';
import { backstageModule } from '#src/modules/backstage/index';
import { billingModule } from '#src/modules/billing/index';
import { catalogueModule } from '#src/modules/catalogue/index';
import { contactModule } from '#src/modules/contact/index';
import { identityModule } from '#src/modules/identity/index';
import { jobsModule } from '#src/modules/jobs/index';
import { libraryModule } from '#src/modules/library/index';
import { localizationModule } from '#src/modules/localization/index';
import { mailModule } from '#src/modules/mail/index';
import { notificationsModule } from '#src/modules/notifications/index';
import { opsModule } from '#src/modules/ops/index';
import { pagesModule } from '#src/modules/pages/index';
import { playerModule } from '#src/modules/player/index';
import { radioModule } from '#src/modules/radio/index';
import { searchModule } from '#src/modules/search/index';
import { settingsModule } from '#src/modules/settings/index';
import { siteModule } from '#src/modules/site/index';
import { subsonicModule } from '#src/modules/subsonic/index';
import { systemModule } from '#src/modules/system/index';
import { uploadsModule } from '#src/modules/uploads/index';
import { usersModule } from '#src/modules/users/index';
import { workspacesModule } from '#src/modules/workspaces/index';
import type { ServerModule } from '#src/platform/deps';

/**
 * The server's modules (decision 0051), in the order `createDeps` registers them: a module comes
 * after the ones whose state its `register` uses (mail needs settings, notifications needs
 * identity's signed-in users). Routes are added in this order too; the SPA's catch-all comes last.
 * Adding a module is one line here.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  // First: it measures the ground every other module uses, and others add metrics through it.
  opsModule,
  // Second: other modules' register may hand work to deps.jobs; it reports failures through ops.
  jobsModule,
  auditModule,
  settingsModule,
  localizationModule,
  mailModule,
  usersModule,
  appearanceModule,
  workspacesModule,
  catalogueModule,
  identityModule,
  accountModule,
  notificationsModule,
  billingModule,
  libraryModule,
  playerModule,
  searchModule,
  uploadsModule,
  backstageModule,
  systemModule,
  pagesModule,
  contactModule,
  radioModule,
  subsonicModule,
  siteModule,
];

/** Seeds the database with every module's rows (`seed`), in the modules' order, in one transaction. */
export function seedDatabaseWithModules(db: Database, config: Config): Promise<SeedResult> {
  return seedDatabase(
    db,
    config,
    SERVER_MODULES.flatMap((module) => (module.seed ? [module.seed] : [])),
  );
}
