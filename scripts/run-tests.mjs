#!/usr/bin/env node
// `npm test`: build (Nx, cached), then every test runner in turn. Each runner streams its own output and
// writes a JSON report; the closing summary is summed from those reports, so the last line is the truth
// about the whole run: `N passed, N failed[, N skipped]`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'test-results');
const minutes = (name, fallback) => Number(process.env[name] ?? fallback) * 60_000;

/**
 * @typedef {{ name: string, cwd: string, command: string, args: string[], report: string,
 *   timeoutMs: number, needsBuild?: boolean, requiredFile?: string,
 *   env?: Record<string, string> }} Suite
 */

/** @type {Suite[]} */
const suites = [
  {
    name: 'backend (jest)',
    cwd: root,
    command: process.execPath,
    args: [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--passWithNoTests',
      '--json',
      `--outputFile=${path.join(resultsDir, 'backend.json')}`,
    ],
    report: path.join(resultsDir, 'backend.json'),
    timeoutMs: minutes('TEST_TIMEOUT_BACKEND_MIN', 35),
  },
  {
    name: 'web (vitest)',
    cwd: path.join(root, 'web'),
    command: process.execPath,
    args: [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(resultsDir, 'web.json')}`,
    ],
    report: path.join(resultsDir, 'web.json'),
    timeoutMs: minutes('TEST_TIMEOUT_WEB_MIN', 20),
  },
  {
    name: 'browser e2e (jest)',
    cwd: root,
    command: process.execPath,
    args: [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--config',
      'web/e2e/jest.config.js',
      '--runInBand',
      '--json',
      `--outputFile=${path.join(resultsDir, 'e2e.json')}`,
    ],
    report: path.join(resultsDir, 'e2e.json'),
    timeoutMs: minutes('TEST_TIMEOUT_E2E_MIN', 30),
    needsBuild: true,
    requiredFile: path.join(root, 'web/e2e/jest.config.js'),
  },
  {
    // the failover bench's short form: the cluster of `npm run cluster` under low traffic, each fault a
    // few seconds; a test per fault, failed by any lost or duplicated message (bench/failover.bench.mjs)
    name: 'failover (short)',
    cwd: root,
    command: process.execPath,
    args: ['bench/failover.bench.mjs'],
    env: { FAILOVER_SHORT: '1', FAILOVER_REPORT: path.join(resultsDir, 'failover.json') },
    report: path.join(resultsDir, 'failover.json'),
    timeoutMs: minutes('TEST_TIMEOUT_FAILOVER_MIN', 14),
    needsBuild: true,
  },
];

/** Runs a command with inherited stdio; resolves with its exit code (or a reason it did not finish). */
function run(command, args, cwd, timeoutMs, env = {}) {
  return new Promise((resolve) => {
    // Own process group, so a timeout stops the runner and everything it started.
    const child = spawn(command, args, {
      cwd,
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, ...env },
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    const forward = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, reason: error.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (timedOut) resolve({ code: null, reason: `timed out after ${timeoutMs / 60_000} min` });
      else if (signal) resolve({ code: null, reason: `killed by ${signal}` });
      else resolve({ code, reason: code === 0 ? undefined : `exited with code ${code}` });
    });
  });
}

/**
 * Counts from a jest-style JSON report (jest and vitest write the same shape). A test file that failed
 * without a failing test (import error, failing hook) counts as one failure of its own.
 */
export function countReport(report) {
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const brokenFiles = [];
  for (const file of report.testResults ?? []) {
    const assertions = file.assertionResults ?? [];
    const failing = assertions.some((a) => a.status === 'failed');
    if (file.status === 'failed' && !failing) {
      failed += 1;
      brokenFiles.push(path.relative(root, file.name ?? 'unknown file'));
    }
  }
  return { passed, failed, skipped, brokenFiles };
}

function format({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

async function main() {
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  const lines = [];
  const total = { passed: 0, failed: 0, skipped: 0 };

  // Build, then the static checks (the format, the commit messages, eslint with the architecture's
  // boundaries, tsc): each a step that counts as one failure when it does not pass.
  const step = async (name, args, timeoutMs) => {
    console.log(`\n=== ${name} (${args.join(' ')}) ===\n`);
    const outcome = await run(process.execPath, args, root, timeoutMs);
    if (outcome.code === 0) {
      lines.push(`${name}: ok`);
      return true;
    }
    total.failed += 1;
    lines.push(`${name}: FAILED (${outcome.reason})`);
    return false;
  };
  const nx = (...targets) => [
    'node_modules/nx/dist/bin/nx.js',
    'run-many',
    '-t',
    ...targets,
    '--output-style=static',
  ];
  const built = await step('build', nx('build'), minutes('TEST_TIMEOUT_BUILD_MIN', 10));
  await step(
    'format',
    ['node_modules/prettier/bin/prettier.cjs', '--check', '--log-level=warn', '.'],
    minutes('TEST_TIMEOUT_LINT_MIN', 10),
  );
  await step(
    'commit messages',
    ['scripts/check-commits.mjs'],
    minutes('TEST_TIMEOUT_LINT_MIN', 10),
  );
  await step('lint and typecheck', nx('lint', 'typecheck'), minutes('TEST_TIMEOUT_LINT_MIN', 10));

  for (const suite of suites) {
    if (suite.requiredFile && !existsSync(suite.requiredFile)) {
      lines.push(
        `${suite.name}: not run, ${path.relative(root, suite.requiredFile)} does not exist`,
      );
      continue;
    }
    if (suite.needsBuild && !built) {
      total.failed += 1;
      lines.push(`${suite.name}: FAILED (not run: it needs the build, which failed)`);
      continue;
    }
    console.log(`\n=== ${suite.name} ===\n`);
    const started = Date.now();
    const outcome = await run(suite.command, suite.args, suite.cwd, suite.timeoutMs, suite.env);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    let counts;
    if (existsSync(suite.report)) {
      try {
        counts = countReport(JSON.parse(readFileSync(suite.report, 'utf8')));
      } catch (error) {
        outcome.reason = `${outcome.reason ?? 'finished'}; unreadable report: ${error.message}`;
      }
    }
    if (!counts) {
      // No report: the runner crashed before writing one. It counts as one failure under its name.
      total.failed += 1;
      lines.push(
        `${suite.name}: CRASHED (${outcome.reason ?? 'no JSON report written'}) after ${seconds} s`,
      );
      continue;
    }
    // A runner that failed while its report shows no failure (a crash after the tests, a timeout, a
    // global setup error) still fails the run.
    if (outcome.code !== 0 && counts.failed === 0) {
      counts.failed = 1;
      counts.brokenFiles.push(`runner ${outcome.reason}`);
    }
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    const broken = counts.brokenFiles.length
      ? `; failed outside a test: ${counts.brokenFiles.join(', ')}`
      : '';
    lines.push(`${suite.name}: ${format(counts)} in ${seconds} s${broken}`);
  }

  console.log('\n=== summary ===');
  for (const line of lines) console.log(line);
  console.log(format(total));
  process.exitCode = total.failed > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
