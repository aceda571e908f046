/**
 * The log level of the one line a finished HTTP request writes: `debug` (a terminal at the default
 * `info` level stays readable; `LOG_LEVEL=debug` shows every request), `warn` when the answer is a 5xx.
 */
export function requestLogLevel(status: number): 'debug' | 'warn' {
  return status >= 500 ? 'warn' : 'debug';
}
