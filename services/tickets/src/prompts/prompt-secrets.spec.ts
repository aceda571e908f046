import { maskSecret } from '@sb/contracts';
import { BotSecrets } from '../bot/secrets/bot-secrets.js';
import { nextSecret } from './prompt-secrets.js';

describe('prompt secrets', () => {
  const stored = 'sk-proj-0123456789abcdef';

  it('masks a key to its first 3 and last 4 characters, and a short one entirely', () => {
    expect(maskSecret(stored)).toBe('sk-...cdef');
    expect(maskSecret('short')).toBe('********');
    expect(maskSecret('')).toBe('');
  });

  it('keeps the stored key when the value is omitted, empty or the masked form', () => {
    expect(nextSecret(undefined, stored)).toEqual({ keep: true });
    expect(nextSecret('  ', stored)).toEqual({ keep: true });
    expect(nextSecret('sk-...cdef', stored)).toEqual({ keep: true });
  });

  it('replaces the stored key with a new value', () => {
    expect(nextSecret('sk-new-key-000000000', stored)).toEqual({
      keep: false,
      value: 'sk-new-key-000000000',
    });
    expect(nextSecret('sk-...cdef', null)).toEqual({ keep: false, value: 'sk-...cdef' });
  });

  it('seals so that only the same key opens, never storing the clear text', () => {
    const secrets = new BotSecrets({ JWT_SECRET: 'unit-secret' });
    const sealed = secrets.seal(stored);
    expect(sealed).not.toContain('sk-proj');
    expect(secrets.open(sealed)).toBe(stored);
    const other = new BotSecrets({ JWT_SECRET: 'another-secret' });
    expect(() => other.open(sealed)).toThrow();
  });
});
