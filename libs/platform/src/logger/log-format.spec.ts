import { chooseLogFormat } from './log-format.js';
import { formatPrettyLine, prettyDestination } from './pretty-destination.js';
import { createLogger } from './create-logger.js';

describe('chooseLogFormat', () => {
  it('is human in a terminal and JSON when stdout is a pipe or a file', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat('', true)).toBe('pretty');
  });

  it('follows LOG_FORMAT whatever stdout is', () => {
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('formatPrettyLine', () => {
  const time = new Date(2026, 10, 25, 9, 4, 5, 120).getTime();

  it('reads as time, level, logger, message and fields, without pid and hostname', () => {
    const line = formatPrettyLine({
      level: 30,
      time,
      pid: 42,
      hostname: 'vm',
      name: 'gateway',
      msg: 'gateway listening',
      url: 'http://127.0.0.1:8080',
      webOrigins: ['http://localhost:3000'],
    });
    expect(line).toBe(
      '09:04:05.120 INFO  gateway gateway listening url=http://127.0.0.1:8080 webOrigins=["http://localhost:3000"]\n',
    );
  });

  it('names the error of a warning in one line and shows the stack of an error', () => {
    const err = {
      type: 'DatabaseError',
      message: 'gone',
      stack: 'error: gone\n    at parse (x.js:1:1)',
    };
    const warning = formatPrettyLine({ level: 40, time, name: 'tickets', msg: 'pool', err });
    expect(warning).toBe('09:04:05.120 WARN  tickets pool err="DatabaseError: gone"\n');
    const error = formatPrettyLine({ level: 50, time, name: 'tickets', msg: 'failed', err });
    expect(error.split('\n')).toEqual([
      '09:04:05.120 ERROR tickets failed err="DatabaseError: gone"',
      '    error: gone',
      '    at parse (x.js:1:1)',
      '',
    ]);
  });

  it('colours only when asked', () => {
    const line = formatPrettyLine({ level: 40, time, name: 'x', msg: 'y' }, true);
    expect(line).toContain('\u001b[33mWARN ');
    expect(formatPrettyLine({ level: 40, time, name: 'x', msg: 'y' })).not.toContain('\u001b');
  });
});

describe('createLogger with the human format', () => {
  it('writes formatted lines through prettyDestination, secrets still redacted', () => {
    const written: string[] = [];
    const out = { write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream;
    const logger = createLogger('identity', {
      level: 'info',
      destination: prettyDestination(out, false),
    });
    logger.info({ password: 'hunter2', email: 'a@b.c' }, 'login');
    logger.debug('hidden at info');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}identity login password=\[redacted\] email=a@b\.c\n$/,
    );
  });
});
