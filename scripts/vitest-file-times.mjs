// A vitest reporter that writes, for each test file, where its time went (environment, set-up,
// import and collection, tests and hooks) to the JSON file named by ZEMA_FILE_TIMES. `npm test`
// reads it to print the slowest files of each leg (scripts/test.mjs, docs/testing.md).
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FileTimesReporter {
  files = [];

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const seconds = (ms) => Math.round(ms) / 1000;
    this.files.push({
      file: relative(this.root, testModule.moduleId),
      project: testModule.project.name,
      environment: seconds(d.environmentSetupDuration),
      prepare: seconds(d.prepareDuration),
      setup: seconds(d.setupDuration),
      import: seconds(d.collectDuration),
      tests: seconds(d.duration),
      total: seconds(
        d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration,
      ),
    });
  }

  onTestRunEnd() {
    const out = process.env.ZEMA_FILE_TIMES;
    if (out) writeFileSync(out, JSON.stringify(this.files));
  }
}
