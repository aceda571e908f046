import {
  BadRequestException,
  HttpException,
  NotFoundException,
  type ArgumentsHost,
} from '@nestjs/common';
import { AppError } from '@sb/platform/errors';
import { createLogger } from '@sb/platform/logger';
import { HttpExceptionFilter } from './http-exception.filter.js';

const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('test', {
    level: 'error',
    destination: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  return { lines, logger };
};

const answer = (err: unknown, logger = capture().logger) => {
  const sent: {
    status?: number;
    body?: unknown;
    ended?: boolean;
    headers?: Record<string, string>;
  } = {};
  const res = {
    headersSent: false,
    setHeader(name: string, value: string) {
      sent.headers = { ...sent.headers, [name]: value };
    },
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
    end() {
      sent.ended = true;
    },
  };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getResponse: () => res }),
  } as unknown as ArgumentsHost;
  new HttpExceptionFilter(logger).catch(err, host);
  return sent;
};

describe('HttpExceptionFilter', () => {
  it('tells a fenced company when to try again: 503 with Retry-After', () => {
    const sent = answer(new AppError('ERR_COMPANY_MAINTENANCE'));
    expect(sent.status).toBe(503);
    expect(sent.headers).toEqual({ 'Retry-After': '30' });
    expect(sent.body).toMatchObject({ error: 'ERR_COMPANY_MAINTENANCE' });
    expect(answer(new AppError('ERR_SERVICE_UNAVAILABLE')).headers).toBeUndefined();
  });

  it('answers an AppError (local or replied by a service) with its status and body', () => {
    const sent = answer(new AppError('ERR_VALIDATION', { fields: { email: ['Invalid email'] } }));
    expect(sent).toEqual({
      status: 400,
      body: {
        error: 'ERR_VALIDATION',
        message: 'Some fields are missing or invalid.',
        fields: { email: ['Invalid email'] },
      },
    });
    expect(
      answer(new AppError('ERR_OTHER_OPEN_TICKET', { details: { ticketId: 3 } })).body,
    ).toMatchObject({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: { ticketId: 3 },
    });
    expect(answer(new AppError('ERR_SERVICE_TIMEOUT')).status).toBe(504);
  });

  it('maps Nest HTTP exceptions into the catalogue', () => {
    expect(answer(new NotFoundException('Cannot GET /nope'))).toEqual({
      status: 404,
      body: { error: 'ERR_NOT_FOUND', message: 'Not found.' },
    });
    expect(answer(new BadRequestException()).body).toMatchObject({ error: 'ERR_VALIDATION' });
    expect(answer(new HttpException('gone', 405))).toMatchObject({
      status: 405,
      body: { error: 'ERR_VALIDATION' },
    });
  });

  it('hides unknown errors behind 500 ERR_INTERNAL with an errorId that is logged with the stack', () => {
    const { lines, logger } = capture();
    const sent = answer(new Error('database password is hunter2'), logger);
    const body = sent.body as { error: string; message: string; errorId: string };
    expect(sent.status).toBe(500);
    expect(body.error).toBe('ERR_INTERNAL');
    expect(body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(JSON.stringify(body)).not.toContain('stack');
    expect(lines[0]).toMatchObject({ errorId: body.errorId });
    expect(JSON.stringify(lines[0])).toContain('stack');
  });

  it('never throws on values that are not errors', () => {
    expect(answer('a string').status).toBe(500);
    expect(answer(undefined).status).toBe(500);
  });
});
