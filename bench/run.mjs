#!/usr/bin/env node
// `npm run bench [name…]`: runs bench/*.bench.mjs (or the named ones), each in its own process, and lists
// the results each wrote to bench/results/<name>.json.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.mjs'))
  .map((file) => file.slice(0, -'.bench.mjs'.length))
  .sort();

const wanted = process.argv.slice(2).map((arg) => arg.replace(/\.bench\.mjs$/, ''));
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}
const names = wanted.length > 0 ? wanted : available;

const runOne = (name) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(benchDir, `${name}.bench.mjs`)], {
      stdio: 'inherit',
      env: process.env,
    });
    child.on('error', () => resolve(1));
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });

let failures = 0;
for (const name of names) {
  console.log(`\n=== bench ${name} ===`);
  const code = await runOne(name);
  const resultFile = path.join(benchDir, 'results', `${name}.json`);
  if (code !== 0 || !existsSync(resultFile)) {
    failures += 1;
    console.error(`bench ${name} failed (exit code ${code})`);
    continue;
  }
  const result = JSON.parse(readFileSync(resultFile, 'utf8'));
  console.log(`${name}: ${path.relative(process.cwd(), resultFile)}`);
  for (const [metric, value] of Object.entries(result.metrics))
    console.log(`  ${metric}: ${value}`);
}
process.exitCode = failures > 0 ? 1 : 0;
