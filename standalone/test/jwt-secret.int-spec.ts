import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JWT_SECRET_FILE, resolveJwtSecret } from '../src/jwt-secret.js';

describe('resolveJwtSecret', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'sb-jwt-')), 'data');
  });
  afterEach(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('uses JWT_SECRET when set and writes nothing', () => {
    const secret = 'x'.repeat(40);
    expect(resolveJwtSecret(dataDir, secret)).toBe(secret);
    expect(() => statSync(path.join(dataDir, JWT_SECRET_FILE))).toThrow();
  });

  it('generates a secret once, readable by its owner only, and returns it again on restart', () => {
    const first = resolveJwtSecret(dataDir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(dataDir, undefined)).toBe(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
  });

  it('replaces a stored secret too short to be safe', () => {
    resolveJwtSecret(dataDir, undefined);
    const file = path.join(dataDir, JWT_SECRET_FILE);
    writeFileSync(file, 'short\n', { mode: 0o644 });
    const replaced = resolveJwtSecret(dataDir, undefined);
    expect(replaced).not.toBe('short');
    expect(replaced.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
