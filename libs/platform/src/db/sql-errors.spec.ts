import { isUniqueViolation, sqlState, violatedUnique } from './sql-errors.js';

describe('sql errors', () => {
  it('reads the SQLSTATE from the error or from the driver error it wraps', () => {
    expect(sqlState({ code: '23505' })).toBe('23505');
    expect(sqlState({ driverError: { code: '22P02' } })).toBe('22P02');
    expect(sqlState({ code: 'ECONNRESET' })).toBeUndefined();
    expect(sqlState(new Error('timeout'))).toBeUndefined();
    expect(sqlState(null)).toBeUndefined();
  });

  it('names the unique constraint a write hit, and nothing for other failures', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(violatedUnique({ code: '23505', constraint: 'users_email_key' })).toBe(
      'users_email_key',
    );
    expect(violatedUnique({ driverError: { code: '23505', constraint: 'a_key' } })).toBe('a_key');
    expect(violatedUnique({ code: '23503', constraint: 'a_fkey' })).toBeUndefined();
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
  });
});
