// A Vitest reporter that writes how long each test file took, per project (the built-in JSON
// report names files without their project, and times only from the first test to the last, so a
// file's beforeAll, which builds its app, is missing). Read by scripts/lib/test-reports.mjs.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class VitestFileTimes {
  constructor(options = {}) {
    this.outputFile = options.outputFile ?? 'test-reports/vitest-files.json';
  }

  onTestRunEnd(testModules) {
    const files = testModules.map((m) => {
      const d = m.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
      return { project: m.project.name, file: path.relative(process.cwd(), m.moduleId), seconds: Math.round(ms) / 1000, state: m.state() };
    });
    mkdirSync(path.dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, JSON.stringify({ files }, null, 1));
  }
}
