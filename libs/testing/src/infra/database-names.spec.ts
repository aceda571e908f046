import { uniqueDatabaseName, withDatabase } from './database-names.js';
import { natsSkipReason } from './nats-skip.js';

describe('uniqueDatabaseName', () => {
  it('gives a new valid Postgres identifier on every call', () => {
    const a = uniqueDatabaseName('Identity-Int');
    const b = uniqueDatabaseName('Identity-Int');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^identity_int_[a-z0-9]+_[0-9a-f]{8}$/);
  });

  it('stays within 63 characters and starts with a letter', () => {
    const name = uniqueDatabaseName(`9${'x'.repeat(100)}`);
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(/^[a-z_]/);
  });
});

describe('withDatabase', () => {
  it('points a server URL at another database, keeping credentials and query', () => {
    expect(withDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'x1')).toBe(
      'postgres://postgres@127.0.0.1:5432/x1',
    );
    expect(withDatabase('postgres://u:p%40ss@h:1/db?sslmode=disable', 'y')).toBe(
      'postgres://u:p%40ss@h:1/y?sslmode=disable',
    );
  });
});

describe('natsSkipReason', () => {
  it('names every place that was tried', () => {
    const reason = natsSkipReason([
      { source: 'NATS_URL', reason: 'not set' },
      { source: '127.0.0.1:4222', reason: 'nothing listening' },
    ]);
    expect(reason).toContain('NATS tests skipped');
    expect(reason).toContain('NATS_URL: not set');
    expect(reason).toContain('127.0.0.1:4222: nothing listening');
  });
});
