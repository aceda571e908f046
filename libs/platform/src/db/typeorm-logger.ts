import type { Logger as TypeOrmLogger } from 'typeorm';
import type { Logger } from '../logger/create-logger.js';

/** Routes TypeORM's messages to pino: failures and slow queries as warnings, queries at trace. */
export function typeOrmLogger(logger: Logger): TypeOrmLogger {
  return {
    logQuery: (query) => logger.trace({ query }, 'query'),
    logQueryError: (error, query) => logger.warn({ err: error, query }, 'query failed'),
    logQuerySlow: (time, query) => logger.warn({ ms: time, query }, 'slow query'),
    logSchemaBuild: (message) => logger.debug(message),
    logMigration: (message) => logger.info(message),
    log: (level, message) => (level === 'warn' ? logger.warn(message) : logger.debug(message)),
  };
}
