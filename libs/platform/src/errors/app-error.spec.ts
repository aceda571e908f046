import { z } from 'zod';
import { createLogger } from '../logger/create-logger.js';
import { AppError } from './app-error.js';
import { errorToReply, unwrapReply } from './error-reply.js';
import { parseInput } from './parse-input.js';

describe('AppError', () => {
  it('takes status and message from the catalogue unless given', () => {
    const err = new AppError('ERR_NO_TICKET_FOUND');
    expect(err.status).toBe(404);
    expect(err.toBody()).toEqual({
      error: 'ERR_NO_TICKET_FOUND',
      message: 'No ticket found with this ID.',
    });
    const custom = new AppError('ERR_VALIDATION', {
      status: 422,
      message: 'nope',
      details: { a: 1 },
    });
    expect(custom.toBody()).toEqual({
      error: 'ERR_VALIDATION',
      message: 'nope',
      details: { a: 1 },
    });
    expect(custom.status).toBe(422);
  });

  it('survives a round trip through a reply', () => {
    const reply = errorToReply(
      new AppError('ERR_OTHER_OPEN_TICKET', { details: { ticketId: 4 } }),
      createLogger('t'),
    );
    const wire = JSON.parse(JSON.stringify(reply));
    let rebuilt: unknown;
    try {
      unwrapReply(wire);
    } catch (err) {
      rebuilt = err;
    }
    expect(rebuilt).toBeInstanceOf(AppError);
    expect(rebuilt).toMatchObject({
      code: 'ERR_OTHER_OPEN_TICKET',
      status: 409,
      details: { ticketId: 4 },
    });
  });
});

describe('parseInput', () => {
  const schema = z.object({
    email: z.email(),
    password: z.string().min(1),
    nested: z.object({ n: z.number() }),
  });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { email: 'a@b.co', password: 'x', nested: { n: 1 } })).toEqual({
      email: 'a@b.co',
      password: 'x',
      nested: { n: 1 },
    });
  });

  it('throws ERR_VALIDATION 400 naming every failing field', () => {
    try {
      parseInput(schema, { email: 'nope', password: '', nested: {} });
      throw new Error('not thrown');
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      const appError = err as AppError;
      expect(appError.status).toBe(400);
      expect(Object.keys(appError.fields ?? {}).sort()).toEqual(['email', 'nested.n', 'password']);
    }
  });
});

describe('errorToReply', () => {
  it('hides unknown errors behind ERR_INTERNAL with an errorId that is logged with the stack', () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('t', {
      level: 'error',
      destination: { write: (l: string) => void lines.push(JSON.parse(l)) },
    });
    const reply = errorToReply(new Error('db exploded'), logger);
    expect(reply.ok).toBe(false);
    expect(reply.error).toMatchObject({ error: 'ERR_INTERNAL', status: 500 });
    expect(reply.error.message).not.toContain('db exploded');
    expect(reply.error.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]).toMatchObject({
      errorId: reply.error.errorId,
      err: { message: 'db exploded' },
    });
    expect(JSON.stringify(lines[0])).toContain('stack');
  });
});
