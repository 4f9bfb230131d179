/**
 * A Jest reporter (jest.config.js) that keeps a partial run from passing for the whole suite: when
 * projects were left out (`npm test` runs `--selectProjects default`), it prints after the summary
 * which projects did not run, what each holds, and the command that runs them (`npm run
 * test:all`, which CI runs). A run of every project prints nothing more.
 */

/** What each project holds, in a few words. */
const WHAT = {
  default: 'the packages, examples, matrix and telemetry tests',
  interop: 'the conformance suite, the official clients in every version and mode, Inspector, Bun/Deno, Chromium, TypeScript 7',
  bench: "the benchmark's own tests",
  'express-4': "@toolwire/express's and @toolwire/testing's tests again on Express 4",
};

class TestSetsReporter {
  onRunComplete(testContexts) {
    // projects are left out only by name (a run of some files has contexts only for the projects holding them)
    if (!process.argv.some((arg) => /^--(selectProjects|ignoreProjects)\b/.test(arg))) return;
    const ran = new Set([...testContexts].map((context) => context.config.displayName?.name));
    const left = require('../jest.config.js').projects.map((project) => project.displayName).filter((name) => !ran.has(name));
    if (left.length === 0 || ran.size === 0) return;
    const lines = left.map((name) => `  ${name.padEnd(10)} ${WHAT[name] ?? ''}`);
    process.stderr.write(`\nNot run (npm run test:all runs every project, and CI does):\n${lines.join('\n')}\n`);
  }
}

module.exports = TestSetsReporter;
