import { IdParam } from '@sb/contracts';
import type { z } from 'zod';
import { noteParsedRefs } from '../context/parsed-refs.js';
import { AppError } from './app-error.js';

/** Failing fields by dotted path (`_` for the value itself), each with its messages. */
export function validationFields(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Validates input with a contracts schema; a failure is a 400 `ERR_VALIDATION` naming the fields. The
 * ids it carries (`ref` fields) are noted for the gateway's ownership check (see parsed-refs.ts).
 */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) {
    noteParsedRefs(schema, result.data);
    return result.data;
  }
  throw new AppError('ERR_VALIDATION', { fields: validationFields(result.error) });
}

/** The record id a request names (`{ id }`, a positive integer); a missing request is `{}`. */
export const requestedId = (request: unknown): number => parseInput(IdParam, request ?? {}).id;
