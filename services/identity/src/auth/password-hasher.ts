import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import bcrypt from 'bcryptjs';

// scrypt runs on libuv's thread pool, so a login hashing a password never stalls the event loop that
// answers everyone else (bcryptjs is pure JS on the main thread). 2^15 × 8 costs ~32 MiB and tens of ms.
const LOG_N = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const PREFIX = 'scrypt';

const derive = (plain: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(plain.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

const costOf = (logN: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** logN,
  r,
  p,
  maxmem: 2 * 128 * 2 ** logN * r,
});

/** `scrypt$<logN>$<r>$<p>$<salt>$<key>` (base64), self-describing so the cost can be raised later. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(plain, salt, costOf(LOG_N, R, P));
  return [PREFIX, LOG_N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

// A real hash of a throwaway password: comparing against it for unknown emails costs what a real
// comparison costs, so response times do not reveal which emails have accounts.
const unknownUserHash = hashPassword('no-such-user-password');

async function matches(plain: string, stored: string): Promise<boolean> {
  // bcrypt hashes imported from an older installation keep working
  if (stored.startsWith('$2')) return bcrypt.compare(plain, stored);
  const [prefix, logN, r, p, salt, key] = stored.split('$');
  if (prefix !== PREFIX || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(plain, Buffer.from(salt, 'base64'), costOf(+logN!, +r!, +p!));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Compares in constant-ish time; a missing hash (unknown user) still runs a full comparison. */
export const verifyPassword = async (plain: string, hash: string | undefined): Promise<boolean> => {
  const ok = await matches(plain, hash ?? (await unknownUserHash));
  return hash !== undefined && ok;
};
