import type { TenantTableRef } from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation } from '../db/sql-errors.js';
import { AppError } from '../errors/app-error.js';
import { movesWithCompany, parsePartLine, type CompanyRow } from './company-export.js';
import type { CompanyTable, TableColumn } from './company-tables.js';
import type { CompanyTablesPolicy, TablePlan } from './company-erase.js';

/** Source id → id in this installation, for one table. */
export type IdMap = Map<number, number>;
/** The id maps an import uses, by `<service>.<table>`. */
export type IdMaps = Map<TenantTableRef, IdMap>;

/** Rows written per statement. */
const BatchSize = 1000;

/** Integer columns that look like row ids: the ones an import must know how to map. */
const idColumn = /(^id|_id|_ids)$/;
const integerTypes = ['int2', 'int4', 'int8', '_int2', '_int4', '_int8'];

export class UndeclaredColumnError extends Error {
  constructor(schema: string, table: string, column: string) {
    super(
      `${schema}.${table}.${column} holds ids no foreign key names: declare in the service's tenant ` +
        'policy (references) whose rows they are, or null when they are no row ids',
    );
  }
}

/** How an import rewrites one column of a table. */
type ColumnMapping =
  | { column: string; kind: 'company' }
  | { column: string; kind: 'id'; of: TenantTableRef; array: boolean; self: boolean }
  | { column: string; kind: 'storage-key' };

/**
 * The columns of a table an import rewrites: the company's, the ids (its own key, foreign keys, and
 * the references the policy declares) and the storage keys. An integer id column nobody declared
 * throws, so a new column cannot silently keep the ids of another installation.
 */
export function columnMappings(
  schema: string,
  plan: TablePlan,
  plans: TablePlan[],
  policy: CompanyTablesPolicy,
): ColumnMapping[] {
  const table = plan.table;
  const serial = (name: string) => plans.find((p) => p.table.name === name)?.table.serialKey;
  const mappings: ColumnMapping[] = [];
  for (const { name, type } of table.columns) {
    const declared = policy.references?.[`${table.name}.${name}`];
    const foreign = table.references.find((ref) => ref.column === name);
    const array = type.startsWith('_');
    if (plan.role === 'company' && name === plan.column) {
      mappings.push({ column: name, kind: 'company' });
    } else if (policy.storageKeys?.includes(`${table.name}.${name}`)) {
      mappings.push({ column: name, kind: 'storage-key' });
    } else if (declared !== undefined) {
      if (declared !== null) {
        const self = declared === `${schema}.${table.name}`;
        mappings.push({ column: name, kind: 'id', of: declared, array, self });
      }
    } else if (name === table.serialKey) {
      mappings.push({
        column: name,
        kind: 'id',
        of: `${schema}.${table.name}` as TenantTableRef,
        array,
        self: false,
      });
    } else if (foreign && serial(foreign.table) === foreign.parentColumn) {
      const self = foreign.table === table.name;
      mappings.push({
        column: name,
        kind: 'id',
        of: `${schema}.${foreign.table}` as TenantTableRef,
        array,
        self,
      });
    } else if (idColumn.test(name) && integerTypes.includes(type) && !foreign) {
      // a primary key that no sequence numbers (a replica's id, a key of a join table) is an id too
      throw new UndeclaredColumnError(schema, table.name, name);
    }
  }
  return mappings;
}

/** The tables whose rows get new ids, with the ids a part's rows have in its installation. */
export function serialIdsOf(
  plans: TablePlan[],
): (table: string, row: CompanyRow) => number | undefined {
  const keys = new Map(
    plans
      .filter((p) => p.role === 'company' || p.role === 'dependent')
      .filter((p) => p.table.serialKey)
      .map((p) => [p.table.name, p.table.serialKey!]),
  );
  return (table, row) => {
    const key = keys.get(table);
    return key === undefined ? undefined : (row[key] as number);
  };
}

/**
 * `serialIdsOf` for a part's lines, without parsing every row: a line of a table whose ids stay (a
 * message's uuid) is skipped, and the id read off the front of the row when the key is its first
 * column (`row_to_json` writes the columns in order); any other row is parsed.
 */
export function serialIdsOfLines(
  plans: TablePlan[],
): (line: string) => { table: string; id: number } | undefined {
  const idOf = serialIdsOf(plans);
  const fronts = new Map(
    plans
      .filter((p) => p.role === 'company' || p.role === 'dependent')
      .filter((p) => p.table.serialKey)
      .map((p) => [p.table.name, `{"${p.table.serialKey!}":`]),
  );
  return (line) => {
    const tab = line.indexOf('\t');
    const table = line.slice(0, tab);
    const front = fronts.get(table);
    if (tab > 0 && front === undefined) return undefined;
    if (front && line.startsWith(front, tab + 1)) {
      const digits = /^-?\d+(?=[,}])/.exec(
        line.slice(tab + 1 + front.length, tab + 30 + front.length),
      );
      if (digits) return { table, id: Number(digits[0]) };
    }
    const id = idOf(table, parsePartLine(line).row);
    return id === undefined ? undefined : { table, id };
  };
}

/**
 * New ids for the source ids of each table, from the table's own sequence, recorded per bundle in
 * `tenant_import_ids`: a second import of the same bundle finds the same ids (and so adds nothing).
 */
export async function reserveIds(
  manager: EntityManager,
  schema: string,
  bundleId: string,
  sourceIds: Map<string, number[]>,
  tables: CompanyTable[],
): Promise<Map<string, IdMap>> {
  const maps = new Map<string, IdMap>();
  for (const [table, ids] of sourceIds) {
    const key = tables.find((t) => t.name === table)?.serialKey;
    if (!key) continue;
    const map = await readIdMap(manager, schema, bundleId, table);
    const missing = [...new Set(ids)].filter((id) => !map.has(id)).sort((a, b) => a - b);
    if (missing.length > 0) {
      const fresh = await manager.query<{ id: number }[]>(
        `SELECT nextval(pg_get_serial_sequence($1, $2))::bigint AS id FROM generate_series(1, $3)`,
        [`"${schema}"."${table}"`, key, missing.length],
      );
      const targets = fresh.map((row) => Number(row.id));
      await manager.query(
        `INSERT INTO "${schema}".tenant_import_ids (bundle_id, table_name, source_id, target_id)
         SELECT $1, $2, s, t FROM unnest($3::bigint[], $4::bigint[]) AS m(s, t)
         ON CONFLICT DO NOTHING`,
        [bundleId, table, missing, targets],
      );
      missing.forEach((id, i) => map.set(id, targets[i]!));
    }
    maps.set(table, map);
  }
  return maps;
}

/** The ids an earlier reserve gave one table's rows of a bundle. */
export async function readIdMap(
  manager: EntityManager,
  schema: string,
  bundleId: string,
  table: string,
): Promise<IdMap> {
  const rows = await manager.query<{ source_id: string; target_id: string }[]>(
    `SELECT source_id, target_id FROM "${schema}".tenant_import_ids
      WHERE bundle_id = $1 AND table_name = $2`,
    [bundleId, table],
  );
  return new Map(rows.map((row) => [Number(row.source_id), Number(row.target_id)]));
}

export type ImportOptions = {
  schema: string;
  plans: TablePlan[];
  policy: CompanyTablesPolicy;
  companyId: number;
  sourceCompanyId: number;
  maps: IdMaps;
  /**
   * each row on its way in, after its ids are mapped (a service seals its secrets there, and maps the
   * ids inside its JSON with `maps`); `source` is the row as the bundle holds it
   */
  transform?: (
    table: string,
    row: CompanyRow,
    manager: EntityManager,
    extra: { maps: IdMaps; source: CompanyRow },
  ) => CompanyRow | Promise<CompanyRow>;
};

/**
 * Writes a part's rows (parents first, as exported) with their ids mapped, in batches, skipping rows
 * already there; answers the rows added per table. A reference to a row the bundle does not hold
 * (a user deleted before the export) becomes null.
 */
export async function importCompanyRows(
  manager: EntityManager,
  rows: AsyncIterable<{ table: string; row: CompanyRow }>,
  options: ImportOptions,
): Promise<Record<string, number>> {
  const { schema, plans } = options;
  const planOf = new Map(plans.map((plan) => [plan.table.name, plan]));
  const added: Record<string, number> = {};
  const mappingsOf = new Map<string, ColumnMapping[]>();
  let table: string | undefined;
  let batch: CompanyRow[] = [];
  let selfLinks: { id: number; column: string; target: unknown }[] = [];

  // the batch being written: the next one is read and mapped meanwhile (Node and PostgreSQL each take
  // about a core); one statement at a time, awaited before the next
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (!table || batch.length === 0) return;
    const name = table;
    const rows = batch;
    batch = [];
    await writing;
    writing = insertRows(manager, schema, planOf.get(name)!.table, rows).then((count) => {
      added[name] = (added[name] ?? 0) + count;
    });
    // its failure is seen where it is awaited, not as an unhandled rejection meanwhile
    writing.catch(() => undefined);
  };
  const endTable = async () => {
    await flush();
    await writing;
    if (table && selfLinks.length > 0) {
      await linkRows(manager, schema, planOf.get(table)!.table, selfLinks);
    }
    selfLinks = [];
  };

  try {
    for await (const item of rows) {
      const plan = planOf.get(item.table);
      // a table this installation no longer has, or one it keeps to itself: nothing to write
      if (!plan || (plan.role !== 'company' && plan.role !== 'dependent')) continue;
      if (!movesWithCompany(plan.table.name, options.policy)) continue;
      if (item.table !== table) {
        await endTable();
        table = item.table;
      }
      let mappings = mappingsOf.get(item.table);
      if (!mappings) {
        mappings = columnMappings(schema, plan, plans, options.policy);
        mappingsOf.set(item.table, mappings);
      }
      const row = mapRow(item.row, mappings, options);
      const key = plan.table.serialKey;
      // a row referring to another row of its table is linked once they are all written
      for (const mapping of mappings) {
        if (mapping.kind !== 'id' || !mapping.self || mapping.column === key) continue;
        if (row[mapping.column] === null || row[mapping.column] === undefined || !key) continue;
        selfLinks.push({
          id: row[key] as number,
          column: mapping.column,
          target: row[mapping.column],
        });
        row[mapping.column] = null;
      }
      batch.push(
        options.transform
          ? await options.transform(item.table, row, manager, {
              maps: options.maps,
              source: item.row,
            })
          : row,
      );
      if (batch.length >= BatchSize) await flush();
    }
    await endTable();
  } catch (err) {
    // a batch that failed (a conflict) says why, not what failed after it in the aborted transaction
    await writing;
    throw err;
  }
  return added;
}

function mapRow(source: CompanyRow, mappings: ColumnMapping[], options: ImportOptions): CompanyRow {
  const row = { ...source };
  const sourcePrefix = `company-${options.sourceCompanyId}/`;
  for (const mapping of mappings) {
    const value = row[mapping.column];
    if (value === null || value === undefined) continue;
    if (mapping.kind === 'company') row[mapping.column] = options.companyId;
    else if (mapping.kind === 'storage-key') {
      if (typeof value === 'string' && value.startsWith(sourcePrefix)) {
        row[mapping.column] = `company-${options.companyId}/${value.slice(sourcePrefix.length)}`;
      }
    } else {
      const map = options.maps.get(mapping.of);
      if (!map) throw new Error(`no id map for ${mapping.of}`);
      row[mapping.column] = mapping.array
        ? (value as number[]).map((id) => map.get(id)).filter((id) => id !== undefined)
        : (map.get(value as number) ?? null);
    }
  }
  return row;
}

/**
 * Inserts rows, skipping those already there. They travel as one array of the table's row type, in
 * its text form: PostgreSQL reads that about three times faster than the same rows as jsonb (through
 * `jsonb_populate_recordset`, the catalogue's other way), and it is a third of the bytes.
 */
async function insertRows(
  manager: EntityManager,
  schema: string,
  table: CompanyTable,
  rows: CompanyRow[],
): Promise<number> {
  // the columns both installations have: one dropped here is left out, one added here takes its default
  const present = new Set(Object.keys(rows[0]!));
  const written = table.columns.filter((c) => present.has(c.name));
  const columns = written.map((c) => `"${c.name}"`);
  // a row already there by its key was imported before (the same bundle): skipped. A row that clashes
  // with another company's (a user's e-mail taken here) fails the import: nothing is lost quietly.
  const key = table.primaryKey.map((column) => `"${column}"`).join(', ');
  try {
    const [{ count }] = await manager.query<[{ count: number }]>(
      `WITH added AS (
         INSERT INTO "${schema}"."${table.name}" (${columns.join(', ')}) OVERRIDING SYSTEM VALUE
         SELECT ${columns.join(', ')} FROM unnest($1::"${schema}"."${table.name}"[])
         ${key ? `ON CONFLICT (${key}) DO NOTHING` : ''} RETURNING 1)
       SELECT count(*)::int AS count FROM added`,
      [rowsLiteral(table, written, rows)],
    );
    return count;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const detail = (err as { detail?: string }).detail ?? '';
    throw new AppError('ERR_IMPORT_CONFLICT', {
      message:
        `A row of ${schema}.${table.name} in the bundle clashes with one here. ${detail}`.trim(),
    });
  }
}

const arraySpecial = /["\\]/g;
/** A string as a quoted element of an array literal. */
const quoted = (text: string) => `"${text.replace(arraySpecial, '\\$&')}"`;

/**
 * A string as a quoted field of a row literal that is itself a quoted element of the array: quoted
 * and escaped for both at once (a quote in the text is `\"` in the row, `\\\"` in the array).
 */
const fieldSpecial = /["\\]/;
const quotedField = (text: string) =>
  fieldSpecial.test(text)
    ? `\\"${text.replace(arraySpecial, (c) => (c === '"' ? '\\\\\\"' : '\\\\\\\\'))}\\"`
    : `\\"${text}\\"`;

/**
 * A value of a row (as `row_to_json` wrote it) as its column's input function reads it: what
 * `jsonb_populate_record` would hand it. JSON columns take the JSON, array columns an array literal.
 */
function valueText(value: unknown, type: string): string {
  if (type === 'json' || type === 'jsonb') return JSON.stringify(value);
  if (Array.isArray(value)) {
    const element = type.startsWith('_') ? type.slice(1) : type;
    const items = value.map((item: unknown) =>
      item === null || item === undefined
        ? 'NULL'
        : Array.isArray(item)
          ? valueText(item, type)
          : quoted(valueText(item, element)),
    );
    return `{${items.join(',')}}`;
  }
  // a composite column would take its record here: no schema has one
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The rows as an array literal of the table's row type: each row's fields in the type's order, the
 * columns not written (generated, dropped at the source) left empty, that is null. Built by hand, a
 * field at a time: the import's Node time goes here.
 */
function rowsLiteral(table: CompanyTable, written: TableColumn[], rows: CompanyRow[]): string {
  const typeOf = new Map(written.map((column) => [column.name, column.type]));
  const fields = table.fields.map((name) => ({ name, type: typeOf.get(name) }));
  const records = rows.map((row) => {
    let record = '"(';
    for (let index = 0; index < fields.length; index += 1) {
      const { name, type } = fields[index]!;
      if (index > 0) record += ',';
      const value = type === undefined ? undefined : row[name];
      if (value === null || value === undefined) continue;
      // a number or a boolean has no character a row or an array quotes
      if ((typeof value === 'number' || typeof value === 'boolean') && !type!.startsWith('json')) {
        record += String(value);
      } else record += quotedField(valueText(value, type!));
    }
    return `${record})"`;
  });
  return `{${records.join(',')}}`;
}

/** Sets the references between rows of one table, once every row is there. */
async function linkRows(
  manager: EntityManager,
  schema: string,
  table: CompanyTable,
  links: { id: number; column: string; target: unknown }[],
): Promise<void> {
  for (const column of new Set(links.map((link) => link.column))) {
    const pairs = links.filter((link) => link.column === column);
    await manager.query(
      `UPDATE "${schema}"."${table.name}" t SET "${column}" = l.target
         FROM unnest($1::bigint[], $2::bigint[]) AS l(id, target)
        WHERE t."${table.serialKey}" = l.id`,
      [pairs.map((p) => p.id), pairs.map((p) => p.target)],
    );
  }
}

/**
 * For a part's `importRow`: NOT NULL columns of declared references whose row the bundle does not
 * hold (gone before the export, no foreign key kept it) cannot become null like the others; they take
 * the negated source id, which no row here has, so they still point at nothing (0, "none", stays 0).
 */
export function keepGoneReferences(
  row: CompanyRow,
  source: CompanyRow,
  columns: readonly string[],
): CompanyRow {
  const kept = { ...row };
  for (const column of columns) {
    const was = source[column];
    if (kept[column] === null && typeof was === 'number') kept[column] = was === 0 ? 0 : -was;
  }
  return kept;
}
