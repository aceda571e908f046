import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { AppError } from '@sb/platform/errors';

/** JSON and form bodies; the parsers' own errors become catalogue errors for the exception filter. */
export const bodyParsers = (limit: string): RequestHandler[] => [
  express.json({ limit }),
  express.urlencoded({ extended: false, limit }),
];

export const bodyParserErrors: ErrorRequestHandler = (err, _req, _res, next) => {
  const type = (err as { type?: unknown }).type;
  if (type === 'entity.parse.failed') return next(new AppError('ERR_MALFORMED_JSON'));
  if (type === 'entity.too.large') {
    return next(
      new AppError('ERR_VALIDATION', { status: 413, message: 'The request body is too large.' }),
    );
  }
  if ((typeof type === 'string' && type.startsWith('encoding')) || type === 'charset.unsupported') {
    return next(
      new AppError('ERR_VALIDATION', { status: 415, message: 'Unsupported body encoding.' }),
    );
  }
  next(err);
};
