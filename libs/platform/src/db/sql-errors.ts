// What a failed query says about itself. TypeORM's QueryFailedError carries the driver's fields
// (code, constraint) and the driver's own error; a raw pg error carries them alone.

type QueryFailure = {
  code?: unknown;
  constraint?: unknown;
  driverError?: { code?: unknown; constraint?: unknown };
};

const failureOf = (err: unknown): QueryFailure =>
  typeof err === 'object' && err !== null ? (err as QueryFailure) : {};

/** The SQLSTATE of a failed query (five digits or capitals); undefined for any other error. */
export const sqlState = (err: unknown): string | undefined => {
  const failure = failureOf(err);
  const code = failure.code ?? failure.driverError?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};

/** Postgres unique_violation: a concurrent call stored the same row first. */
export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

/** The unique constraint a failed write hit; undefined for any other error. */
export const violatedUnique = (err: unknown): string | undefined => {
  if (!isUniqueViolation(err)) return undefined;
  const failure = failureOf(err);
  const constraint = failure.constraint ?? failure.driverError?.constraint;
  return typeof constraint === 'string' ? constraint : undefined;
};
