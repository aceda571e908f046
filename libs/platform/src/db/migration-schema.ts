import type { QueryRunner } from 'typeorm';

/** The schema the data source runs in (quoted), so migrations never depend on the search_path. */
export const migrationSchemaOf = (queryRunner: QueryRunner, fallback: string): string => {
  const options = queryRunner.connection.options as { schema?: string };
  return `"${(options.schema ?? fallback).replaceAll('"', '""')}"`;
};
