import { AppError } from '@sb/platform/errors';
import { violatedUnique } from '@sb/platform/db';

/**
 * A company name or user email another call stored first (a unique-constraint race lost after the
 * pre-check): the same answer the pre-check gives; undefined for any other error.
 */
export const takenNameError = (err: unknown): AppError | undefined => {
  const constraint = violatedUnique(err);
  if (constraint === 'companies_name_key') return new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS');
  if (constraint === 'users_email_key') return new AppError('ERR_EMAIL_ALREADY_EXISTS');
  return undefined;
};
