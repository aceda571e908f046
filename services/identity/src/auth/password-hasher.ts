import bcrypt from 'bcryptjs';

const COST = 10;

// A real hash of a throwaway password: comparing against it for unknown emails costs what a real
// comparison costs, so response times do not reveal which emails have accounts.
const UNKNOWN_USER_HASH = bcrypt.hashSync('no-such-user-password', COST);

export const hashPassword = (plain: string): Promise<string> => bcrypt.hash(plain, COST);

/** Compares in constant-ish time; a missing hash (unknown user) still runs a full comparison. */
export const verifyPassword = async (plain: string, hash: string | undefined): Promise<boolean> => {
  const matches = await bcrypt.compare(plain, hash ?? UNKNOWN_USER_HASH);
  return hash !== undefined && matches;
};
