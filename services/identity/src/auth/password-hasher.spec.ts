import bcrypt from 'bcryptjs';
import { hashPassword, verifyPassword } from './password-hasher.js';

describe('password hashing', () => {
  it('hashes with salted scrypt and verifies the right password only', async () => {
    const hash = await hashPassword('s3cret!');
    expect(hash).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await hashPassword('s3cret!')).not.toBe(hash);
    expect(await verifyPassword('s3cret!', hash)).toBe(true);
    expect(await verifyPassword('wrong', hash)).toBe(false);
  });

  it('never verifies without a stored hash', async () => {
    expect(await verifyPassword('no-such-user-password', undefined)).toBe(false);
  });

  it('still accepts bcrypt hashes imported from an older installation', async () => {
    const legacy = bcrypt.hashSync('old-pass', 4);
    expect(await verifyPassword('old-pass', legacy)).toBe(true);
    expect(await verifyPassword('other', legacy)).toBe(false);
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'scrypt$15$8$1$')).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});
