// Reads the run's test reports (written by Vitest's file-times reporter and Playwright's JSON
// reporter) into one shape: the slowest files first, so a change to the suite is measured per file.
import { existsSync, readFileSync } from 'node:fs';

/** `[{ file, seconds }]`, slowest first; [] when the report is missing or unreadable. */
export function slowestFiles(kind, reportFile, count) {
  if (!existsSync(reportFile)) return [];
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    return [];
  }
  const rows = kind === 'vitest' ? vitestRows(report) : playwrightRows(report);
  return rows.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

function vitestRows(report) {
  return (report.files ?? []).map((f) => ({ file: `${f.file} [${f.project}]`, seconds: f.seconds }));
}

/** Playwright's JSON report: suites nest (file → describe → …); a file's time is the sum of its tests' attempts. */
function playwrightRows(report) {
  const perFile = new Map();
  const visit = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) for (const r of t.results ?? []) perFile.set(here, (perFile.get(here) ?? 0) + (r.duration ?? 0) / 1000);
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, suite.file);
  return [...perFile].map(([file, seconds]) => ({ file, seconds }));
}
