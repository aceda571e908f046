import type { EntityManager } from 'typeorm';

/** A table of a service's schema as the erase (and later export and import) sees it. */
export type CompanyTable = {
  name: string;
  /** `company_id`: the company's rows are found by it */
  hasCompanyId: boolean;
  /** foreign keys to other tables of the same schema: `column` → `table`.`parentColumn` */
  references: { column: string; table: string; parentColumn: string }[];
  /** the columns a row is written with, in order (generated columns left out) */
  columns: TableColumn[];
  /** every column of the table's row type, in order, generated ones too: a row literal's fields */
  fields: string[];
  /** the primary key's columns, empty when the table has none */
  primaryKey: string[];
  /** the single integer key column a sequence numbers (serial or identity), if any */
  serialKey?: string;
};

/** A column as export and import see it: its type name (`int4`, `_int4` for an array, `jsonb`). */
export type TableColumn = { name: string; type: string };

/**
 * The schema's tables and their foreign keys, read from the catalogue, so a table a later migration
 * adds is covered without anyone listing it. Single-column foreign keys only: the schemas use no other.
 */
export async function readCompanyTables(
  manager: EntityManager,
  schema: string,
): Promise<CompanyTable[]> {
  const tables = await manager.query<{ name: string; has_company_id: boolean }[]>(
    `SELECT c.relname AS name,
            EXISTS (SELECT 1 FROM pg_attribute a
                     WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped)
              AS has_company_id
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`,
    [schema],
  );
  const keys = await manager.query<
    { child: string; parent: string; column: string; parent_column: string }[]
  >(
    `SELECT child.relname AS child, parent.relname AS parent, a.attname AS column,
            pa.attname AS parent_column
       FROM pg_constraint con
       JOIN pg_class child ON child.oid = con.conrelid
       JOIN pg_class parent ON parent.oid = con.confrelid
       JOIN pg_namespace n ON n.oid = child.relnamespace AND n.oid = parent.relnamespace
       JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = con.conkey[1]
       JOIN pg_attribute pa ON pa.attrelid = con.confrelid AND pa.attnum = con.confkey[1]
      WHERE con.contype = 'f' AND n.nspname = $1 AND cardinality(con.conkey) = 1`,
    [schema],
  );
  const columns = await manager.query<
    {
      table: string;
      name: string;
      type: string;
      in_key: boolean;
      numbered: boolean;
      generated: boolean;
    }[]
  >(
    `SELECT c.relname AS table, a.attname AS name, t.typname AS type, a.attgenerated <> '' AS generated,
            coalesce(a.attnum = ANY(pk.conkey), false) AS in_key,
            (a.attidentity <> '' OR pg_get_expr(d.adbin, d.adrelid) LIKE 'nextval(%') AS numbered
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
       LEFT JOIN pg_constraint pk ON pk.conrelid = c.oid AND pk.contype = 'p'
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
      ORDER BY c.relname, a.attnum`,
    [schema],
  );
  return tables.map((table) => {
    const fields = columns.filter((column) => column.table === table.name);
    const own = fields.filter((column) => !column.generated);
    const primaryKey = own.filter((column) => column.in_key).map((column) => column.name);
    const key = own.find((column) => column.in_key);
    const serialKey =
      primaryKey.length === 1 && key?.numbered && ['int2', 'int4', 'int8'].includes(key.type)
        ? key.name
        : undefined;
    return {
      name: table.name,
      hasCompanyId: table.has_company_id,
      references: keys
        .filter((k) => k.child === table.name)
        .map((k) => ({ column: k.column, table: k.parent, parentColumn: k.parent_column })),
      columns: own.map(({ name, type }) => ({ name, type })),
      fields: fields.map(({ name }) => name),
      primaryKey,
      ...(serialKey ? { serialKey } : {}),
    };
  });
}

/**
 * Children before parents: a table comes before every table it references, so deleting in this
 * order never trips a foreign key. A cycle (a self-reference) is broken where it closes.
 */
export function childrenFirst(tables: CompanyTable[]): CompanyTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const referencedBy = new Map<string, string[]>();
  for (const table of tables) {
    for (const { table: parent } of table.references) {
      if (parent === table.name || !byName.has(parent)) continue;
      referencedBy.set(parent, [...(referencedBy.get(parent) ?? []), table.name]);
    }
  }
  const ordered: CompanyTable[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  // a table is placed once every table referencing it is placed
  const place = (name: string) => {
    if (placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const child of referencedBy.get(name) ?? []) place(child);
    visiting.delete(name);
    placed.add(name);
    ordered.push(byName.get(name)!);
  };
  for (const table of tables) place(table.name);
  return ordered;
}
