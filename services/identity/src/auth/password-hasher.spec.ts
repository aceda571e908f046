import bcrypt from 'bcryptjs';
import { hashPassword, verifyPassword } from './password-hasher.js';

describe('password hashing', () => {
  it('hashes with bcrypt cost 10 and verifies the right password only', async () => {
    const hash = await hashPassword('s3cret!');
    expect(bcrypt.getRounds(hash)).toBe(10);
    expect(await verifyPassword('s3cret!', hash)).toBe(true);
    expect(await verifyPassword('wrong', hash)).toBe(false);
  });

  it('never verifies without a stored hash, yet still does the work', async () => {
    const started = process.hrtime.bigint();
    expect(await verifyPassword('no-such-user-password', undefined)).toBe(false);
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    expect(elapsedMs).toBeGreaterThan(5);
  });
});
