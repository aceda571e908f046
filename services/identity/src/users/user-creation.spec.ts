import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every way a user comes to exist goes through UserCreation, which publishes identity.user.created with
 * the row: a user inserted anywhere else would be missing from the replicas of tickets and reporting
 * (a company's first admin once was). This walks identity's source for any other insert of a user.
 */
const root = join(import.meta.dirname, '..');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });

/** The ways a user row can be written, each with the file allowed to do it. */
const userInserts: { pattern: RegExp; allowedIn: string }[] = [
  // the repository method UserCreation calls
  { pattern: /\busers\.insert\(/, allowedIn: 'users/user-creation.ts' },
  { pattern: /getRepository\(User\)\s*\.\s*(insert|save|upsert)\(/, allowedIn: '' },
  { pattern: /\.into\(User\)/, allowedIn: '' },
  { pattern: /insert\s+into\s+[\w".${}]*\busers\b/i, allowedIn: '' },
];

/** `const repo = manager.getRepository(User)` followed by `repo.save(` / `repo.insert(`. */
const viaVariable = (text: string): boolean =>
  [...text.matchAll(/(\w+)\s*=\s*\w+\.getRepository\(User\)/g)].some(([, name]) =>
    new RegExp(`\\b${name}\\.(insert|save|upsert)\\(`).test(text),
  );

describe('user creation', () => {
  it('inserts users in UserCreation only (users.repository.ts holds the insert it calls)', () => {
    const offenders: string[] = [];
    for (const file of sources(root)) {
      const name = relative(root, file);
      if (name === 'users/users.repository.ts') continue;
      const text = readFileSync(file, 'utf8');
      for (const { pattern, allowedIn } of userInserts) {
        if (pattern.test(text) && name !== allowedIn) offenders.push(`${name}: ${pattern}`);
      }
      if (viaVariable(text)) offenders.push(`${name}: a User repository saved or inserted`);
    }
    expect(offenders).toEqual([]);
  });

  it('finds the inserts it looks for (the walk is not blind)', () => {
    expect(sources(root).some((file) => file.endsWith('users/user-creation.ts'))).toBe(true);
    expect(viaVariable('const r = manager.getRepository(User); r.save(x)')).toBe(true);
    expect(userInserts[2]!.pattern.test('.insert().into(User).values({})')).toBe(true);
    expect(userInserts[3]!.pattern.test('INSERT INTO ${s}.users (name)')).toBe(true);
  });
});
