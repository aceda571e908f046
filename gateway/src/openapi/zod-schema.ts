import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/** A contracts zod schema as an OpenAPI 3.0 schema of the request body (what the client sends). */
export const openApiSchema = (schema: z.ZodType): SchemaObject =>
  z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'input',
    unrepresentable: 'any',
  }) as SchemaObject;
