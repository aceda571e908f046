import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The select list of every column of an entity, each named after its property (`c."company_id" AS
 * "companyId"`), for raw queries whose rows become entities with toEntities.
 */
export function entityColumns<E extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<E>,
  alias?: string,
): string {
  const prefix = alias ? `${quote(alias)}.` : '';
  return manager.connection
    .getMetadata(target)
    .columns.map(
      (column) => `${prefix}${quote(column.databaseName)} AS ${quote(column.propertyName)}`,
    )
    .join(', ');
}

/** Rows selected with entityColumns as entities (no second query, no query builder). */
export function toEntities<E extends ObjectLiteral>(
  manager: EntityManager,
  target: EntityTarget<E>,
  rows: Record<string, unknown>[],
): E[] {
  const metadata = manager.connection.getMetadata(target);
  return rows.map((row) => Object.assign(metadata.create() as E, row));
}
