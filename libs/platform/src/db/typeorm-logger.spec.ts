import { createLogger } from '../logger/create-logger.js';
import { typeOrmLogger } from './typeorm-logger.js';

const capture = () => {
  const lines: { level: number; msg: string; ms?: number }[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
  return { lines, logger: typeOrmLogger(createLogger('db', { level: 'debug', destination })) };
};

describe('typeOrmLogger', () => {
  it('warns about a slow query', () => {
    const { lines, logger } = capture();
    logger.logQuerySlow(1500, 'SELECT * FROM tickets WHERE company_id = $1');
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'slow query', ms: 1500 })]);
  });

  it('keeps a wait for an advisory lock out of the warnings (services starting together)', () => {
    const { lines, logger } = capture();
    logger.logQuerySlow(1326, "SELECT pg_advisory_xact_lock(hashtext('sb-tenant-role'))");
    logger.logQuerySlow(900, 'SELECT pg_advisory_lock(42)');
    expect(lines.map((line) => line.level)).toEqual([20, 20]);
  });
});
