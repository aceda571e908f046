import type { Logger as TypeOrmLogger } from 'typeorm';
import type { Logger } from '../logger/create-logger.js';

// Taking an advisory lock waits for its holder by design (the services setting up the shared tenant role
// at start, one at a time): a long wait there is no slow query.
const AdvisoryLock = /\bpg_advisory(_xact)?_lock\(/;

/** Routes TypeORM's messages to pino: failures and slow queries as warnings, queries at trace. */
export function typeOrmLogger(logger: Logger): TypeOrmLogger {
  return {
    logQuery: (query) => logger.trace({ query }, 'query'),
    logQueryError: (error, query) => logger.warn({ err: error, query }, 'query failed'),
    logQuerySlow: (time, query) =>
      AdvisoryLock.test(query)
        ? logger.debug({ ms: time, query }, 'waited for an advisory lock')
        : logger.warn({ ms: time, query }, 'slow query'),
    logSchemaBuild: (message) => logger.debug(message),
    logMigration: (message) => logger.info(message),
    log: (level, message) => (level === 'warn' ? logger.warn(message) : logger.debug(message)),
  };
}
