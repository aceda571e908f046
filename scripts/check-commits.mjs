#!/usr/bin/env node
// Part of `npm run lint`: the commit messages since `Base` keep the repository's form (docs/architecture.md
// "Conventions"): a subject of at most 72 characters without a closing period, and a blank line between
// the subject and a body. Older commits are left as they are; git writes merge commits' messages itself.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The last commit before the check existed: the ones after it are checked. */
export const Base = 'ecc87c974060a49a1f381d927469ed71e2276650';
export const MaxSubject = 72;

/** What is wrong with one commit message (none: an empty list). */
export function messageProblems(message) {
  const [subject = '', second] = message.replace(/\n+$/, '').split('\n');
  const problems = [];
  if (!subject.trim()) problems.push('empty subject');
  if (subject.length > MaxSubject)
    problems.push(`subject is ${subject.length} characters (at most ${MaxSubject})`);
  if (/\.\s*$/.test(subject)) problems.push('subject ends with a period');
  if (second !== undefined && second.trim() !== '')
    problems.push('no blank line between the subject and the body');
  return problems;
}

const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The commits to check, newest first: since `Base`, or HEAD alone in a clone without it (shallow). */
function commitsToCheck() {
  let hasBase = true;
  try {
    git('cat-file', '-e', `${Base}^{commit}`);
  } catch {
    hasBase = false;
  }
  if (!hasBase) {
    console.warn(`check-commits: ${Base.slice(0, 12)} is not in this clone; checking HEAD only`);
    return git('rev-list', '--no-merges', '-1', 'HEAD').split('\n').filter(Boolean);
  }
  return git('rev-list', '--no-merges', `${Base}..HEAD`).split('\n').filter(Boolean);
}

function main() {
  const failures = [];
  for (const sha of commitsToCheck()) {
    const message = git('log', '-1', '--format=%B', sha);
    const problems = messageProblems(message);
    if (problems.length > 0)
      failures.push(`${sha.slice(0, 10)} ${message.split('\n')[0]}\n  ${problems.join('; ')}`);
  }
  if (failures.length > 0) {
    console.error(`Commit messages out of form (docs/architecture.md, Conventions):\n`);
    console.error(failures.join('\n'));
    console.error('\nFix them with `git rebase -i` (reword) before they reach main.');
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
