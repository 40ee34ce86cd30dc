import { test as setup } from '@playwright/test';
import { ADMIN, ApiSession } from './accounts';
import { adminStateFile } from './server-data';

// Signs the seeded admin in once per run; specs open ApiSession.admin() from what it saves.
setup('sign the admin in once for the run', async () => {
  const admin = await ApiSession.open();
  await admin.login(ADMIN.email, ADMIN.password);
  await admin.context.storageState({ path: adminStateFile(setup.info().project.use.baseURL) });
  await admin.dispose();
});
