export type LogFormat = 'json' | 'pretty';

/**
 * `LOG_FORMAT=json` or `pretty` decides; otherwise a person's terminal gets the human format and
 * anything else (a pipe, a file, a log collector) gets JSON lines.
 */
export function chooseLogFormat(logFormat: string | undefined, isTty: boolean): LogFormat {
  if (logFormat === 'json' || logFormat === 'pretty') return logFormat;
  return isTty ? 'pretty' : 'json';
}
