import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata.js';
import { entityColumns, toEntities } from './entity-rows.js';

/** The SQL type of a column's values as an array parameter (unnest gives one value per row). */
function arrayTypeOf(column: ColumnMetadata): { param: string; cast: string } {
  const type: string = typeof column.type === 'string' ? column.type : '';
  switch (type) {
    case 'integer':
    case 'int':
    case 'int4':
      return { param: 'integer[]', cast: '' };
    case 'smallint':
    case 'bigint':
    case 'boolean':
    case 'uuid':
    case 'timestamptz':
    case 'text':
      return { param: `${type}[]`, cast: '' };
    case 'varchar':
      return { param: 'text[]', cast: '' };
    // JSON travels as text and is read by the column's own type
    case 'jsonb':
    case 'json':
      return { param: 'text[]', cast: `::${type}` };
    default:
      throw new Error(`bulkInsert: column ${column.propertyName} has an unsupported type ${type}`);
  }
}

const toParam = (column: ColumnMetadata, value: unknown): unknown => {
  if (value === undefined || value === null) return null;
  const type = typeof column.type === 'string' ? column.type : '';
  return type === 'jsonb' || type === 'json' ? JSON.stringify(value) : value;
};

/**
 * Inserts many rows of an entity with one statement whose size does not grow with the row count:
 * one array parameter per column, expanded by unnest. (TypeORM's multi-row insert names one parameter
 * per value and checks each new name against the others: its cost grows with the square of the
 * values.) A column no row sets takes its database default; a row that leaves a column out that
 * another row sets gets NULL there, so give every row the same columns. Answers the stored rows as
 * entities, defaults included, in the order of `rows`.
 */
export async function bulkInsert<E extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<E>,
  rows: Partial<E>[],
): Promise<E[]> {
  if (rows.length === 0) return [];
  const metadata = manager.connection.getMetadata(target);
  const written = metadata.columns.filter((column) =>
    rows.some((row) => row[column.propertyName as keyof E] !== undefined),
  );
  const params = written.map((column) =>
    rows.map((row) => toParam(column, row[column.propertyName as keyof E])),
  );
  const types = written.map(arrayTypeOf);
  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const table = metadata.schema
    ? `${quote(metadata.schema)}.${quote(metadata.tableName)}`
    : quote(metadata.tableName);
  const names = written.map((column) => quote(column.databaseName));
  const values = written.map((_, index) => `v.c${index}${types[index]!.cast}`);
  const unnest = types.map((type, index) => `$${index + 1}::${type.param}`);
  const aliases = written.map((_, index) => `c${index}`);
  const stored: Record<string, unknown>[] = await manager.query(
    `WITH v AS (
       SELECT * FROM unnest(${unnest.join(', ')}) WITH ORDINALITY AS v(${aliases.join(', ')}, n))
     INSERT INTO ${table} (${names.join(', ')})
     SELECT ${values.join(', ')} FROM v ORDER BY v.n
     RETURNING ${entityColumns(manager, target)}`,
    params,
  );
  if (stored.length !== rows.length)
    throw new Error(`bulkInsert: ${rows.length} rows sent, ${stored.length} stored`);
  return toEntities(manager, target, inRowOrder(metadata.primaryColumns, rows, stored));
}

/**
 * The stored rows in the order of `rows`: matched by the primary key the rows carry, or else by the
 * generated key, which the sequence hands out in insertion order.
 */
function inRowOrder<E extends ObjectLiteral>(
  primary: ColumnMetadata[],
  rows: Partial<E>[],
  stored: E[],
): E[] {
  if (primary.length !== 1) return stored;
  const key = primary[0]!.propertyName as keyof E;
  if (rows.every((row) => row[key] !== undefined)) {
    const byKey = new Map(stored.map((row) => [String(row[key]), row]));
    return rows.map((row) => byKey.get(String(row[key]))!);
  }
  return [...stored].sort((a, b) => Number(a[key]) - Number(b[key]));
}
