import { randomUUID } from 'node:crypto';
import type { TenantTableRef } from '@sb/contracts';
import { createTestDatabase, type TestDatabase } from '@sb/testing/infra';
import { DataSource } from 'typeorm';
import { planCompanyTables, type CompanyTablesPolicy } from '../src/tenant/company-erase.js';
import { exportCompanyRows, parsePartLine, partLine } from '../src/tenant/company-export.js';
import {
  importCompanyRows,
  reserveIds,
  serialIdsOf,
  UndeclaredColumnError,
  type IdMaps,
} from '../src/tenant/company-import.js';

// A company's rows exported from one database and imported into another whose sequences are ahead:
// every id is new and every reference follows it (foreign keys, one to its own table, declared
// references within the schema and to another service, an id array), storage keys move to the new
// company's prefix, and importing the same bundle again adds nothing.
const schema = 'transfer_test';
const tables = `
  CREATE SCHEMA ${schema};
  CREATE TABLE ${schema}.erased_companies (id int PRIMARY KEY);
  CREATE TABLE ${schema}.tenant_import_ids (
    bundle_id uuid, table_name text, source_id bigint, target_id bigint,
    PRIMARY KEY (bundle_id, table_name, source_id));
  CREATE TABLE ${schema}.contacts (
    id serial PRIMARY KEY, company_id int NOT NULL, name text, picture text, photo bytea,
    extra jsonb, created_at timestamptz NOT NULL DEFAULT now(), UNIQUE (company_id, name));
  CREATE TABLE ${schema}.tags (id serial PRIMARY KEY, company_id int NOT NULL, name text);
  CREATE TABLE ${schema}.contact_tags (
    contact_id int NOT NULL REFERENCES ${schema}.contacts(id),
    tag_id int NOT NULL REFERENCES ${schema}.tags(id), PRIMARY KEY (contact_id, tag_id));
  CREATE TABLE ${schema}.tickets (
    id serial PRIMARY KEY, company_id int NOT NULL,
    contact_id int REFERENCES ${schema}.contacts(id),
    parent_id int REFERENCES ${schema}.tickets(id),
    user_id int, tag_ids int[] NOT NULL DEFAULT '{}', uuid uuid NOT NULL UNIQUE);
  CREATE TABLE ${schema}.notes (
    id serial PRIMARY KEY, company_id int NOT NULL, body text, words text[], data jsonb, doc json,
    flags bool[], amount numeric, day date, at timestamptz, bin bytea,
    size int GENERATED ALWAYS AS (length(body)) STORED, kind text NOT NULL DEFAULT 'note');
`;
const policy: CompanyTablesPolicy = {
  references: {
    'tickets.user_id': 'identity.users',
    'tickets.tag_ids': `${schema}.tags` as TenantTableRef,
  },
  storageKeys: ['contacts.picture'],
};

const seed = async (db: DataSource, companyId: number) => {
  const [ana] = await db.query<{ id: number }[]>(
    `INSERT INTO ${schema}.contacts (company_id, name, picture, photo, extra)
     VALUES ($1, 'Ana', $2, '\\x00ff10'::bytea, '{"a": [1, 2]}') RETURNING id`,
    [companyId, `company-${companyId}/media/ana.jpg`],
  );
  const [tag] = await db.query<{ id: number }[]>(
    `INSERT INTO ${schema}.tags (company_id, name) VALUES ($1, 'vip') RETURNING id`,
    [companyId],
  );
  await db.query(`INSERT INTO ${schema}.contact_tags VALUES ($1, $2)`, [ana!.id, tag!.id]);
  // the child is written first, with the higher id: the import links it once its parent is in
  const [child] = await db.query<{ id: number }[]>(
    `INSERT INTO ${schema}.tickets (company_id, contact_id, user_id, tag_ids, uuid)
     VALUES ($1, $2, 41, $3, gen_random_uuid()) RETURNING id`,
    [companyId, ana!.id, [tag!.id]],
  );
  const [parent] = await db.query<{ id: number }[]>(
    `INSERT INTO ${schema}.tickets (company_id, contact_id, user_id, uuid)
     VALUES ($1, $2, 99, gen_random_uuid()) RETURNING id`,
    [companyId, ana!.id],
  );
  await db.query(`UPDATE ${schema}.tickets SET parent_id = $1 WHERE id = $2`, [
    parent!.id,
    child!.id,
  ]);
};

/** The company's rows with ids replaced by what they point at, comparable across databases. */
const snapshot = async (db: DataSource, companyId: number) =>
  db.query<Record<string, unknown>[]>(
    `SELECT c.name, c.picture, encode(c.photo, 'hex') AS photo, c.extra, c.created_at,
            g.name AS tag, p.user_id AS parent_user, t.user_id, t.uuid,
            (SELECT array_agg(name) FROM ${schema}.tags WHERE id = ANY(t.tag_ids)) AS tag_names
       FROM ${schema}.tickets t
       JOIN ${schema}.contacts c ON c.id = t.contact_id
       JOIN ${schema}.contact_tags ct ON ct.contact_id = c.id
       JOIN ${schema}.tags g ON g.id = ct.tag_id
       LEFT JOIN ${schema}.tickets p ON p.id = t.parent_id
      WHERE t.company_id = $1 ORDER BY t.user_id`,
    [companyId],
  );

describe('a company exported from one database and imported into another', () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let from: DataSource;
  let into: DataSource;

  beforeAll(async () => {
    [source, target] = await Promise.all([
      createTestDatabase('export'),
      createTestDatabase('import'),
    ]);
    from = await new DataSource({ type: 'postgres', url: source.url }).initialize();
    into = await new DataSource({ type: 'postgres', url: target.url }).initialize();
    await from.query(tables);
    await into.query(tables);
    await seed(from, 7);
    // the target's sequences are ahead, so every imported id differs from its source
    for (let i = 0; i < 3; i++) await seed(into, 1 + i);
  });

  afterAll(async () => {
    await Promise.all([from?.destroy(), into?.destroy()]);
    await Promise.all([source?.drop(), target?.drop()]);
  });

  const exportLines = async () => {
    const lines: string[] = [];
    await from.transaction(async (manager) => {
      for await (const { table, row } of exportCompanyRows(manager, schema, 7, policy)) {
        lines.push(partLine(table, row));
      }
    });
    return lines;
  };

  const importLines = async (lines: string[], bundleId: string, companyId = 12) =>
    into.transaction(async (manager) => {
      const plans = await planCompanyTables(manager, schema, policy);
      const idOf = serialIdsOf(plans);
      const ids = new Map<string, number[]>();
      for (const line of lines) {
        const { table, row } = parsePartLine(line.trimEnd());
        const id = idOf(table, row);
        if (id !== undefined) ids.set(table, [...(ids.get(table) ?? []), id]);
      }
      const own = await reserveIds(
        manager,
        schema,
        bundleId,
        ids,
        plans.map((p) => p.table),
      );
      const maps: IdMaps = new Map([
        ...[...own].map(([table, map]) => [`${schema}.${table}` as TenantTableRef, map] as const),
        ['identity.users', new Map([[41, 541]])],
      ]);
      async function* rows() {
        for (const line of lines) yield parsePartLine(line.trimEnd());
      }
      return importCompanyRows(manager, rows(), {
        schema,
        plans,
        policy,
        companyId,
        sourceCompanyId: 7,
        maps,
      });
    });

  it('writes every row with new ids, its references followed', async () => {
    const lines = await exportLines();
    // parents before children, as the import writes them
    const order = [...new Set(lines.map((line) => line.split('\t')[0]))];
    expect(order.indexOf('contacts')).toBeLessThan(order.indexOf('contact_tags'));
    expect(order.indexOf('tags')).toBeLessThan(order.indexOf('contact_tags'));
    expect(order.indexOf('contacts')).toBeLessThan(order.indexOf('tickets'));

    const bundleId = randomUUID();
    const added = await importLines(lines, bundleId);
    expect(added).toEqual({ contacts: 1, tags: 1, contact_tags: 1, tickets: 2 });

    const before = await snapshot(from, 7);
    const after = await snapshot(into, 12);
    expect(after).toEqual(
      before.map((row) => ({
        ...row,
        picture: 'company-12/media/ana.jpg',
        // user 41 is in the other service's map; 99 is not (a deleted user): no user
        user_id: row.user_id === 41 ? 541 : null,
        parent_user: row.parent_user === 99 ? null : row.parent_user,
      })),
    );
    const [ids] = await into.query<{ mine: number[]; theirs: number[] }[]>(
      `SELECT array_agg(id ORDER BY id) FILTER (WHERE company_id = 12) AS mine,
              array_agg(id ORDER BY id) FILTER (WHERE company_id <> 12) AS theirs
         FROM ${schema}.tickets`,
    );
    expect(ids!.mine.every((id) => id > Math.max(...ids!.theirs))).toBe(true);

    // the same bundle again: the same ids, nothing added
    expect(await importLines(lines, bundleId)).toEqual({
      contacts: 0,
      tags: 0,
      contact_tags: 0,
      tickets: 0,
    });
    expect(await snapshot(into, 12)).toEqual(after);
  });

  it('keeps every value as it was, whatever its characters and type', async () => {
    const odd = `a "quoted", (parenthesised) back\\slash\\\\ {braced} 'single'\ttab\nline ção 🙂 NULL`;
    await from.query(
      `INSERT INTO ${schema}.notes (company_id, body, words, data, doc, flags, amount, day, at, bin)
       VALUES (7, $1, $2, $3, $4, '{true,NULL,false}', 1234.5678, '2024-02-29',
               '2024-02-29T23:59:59.123456Z', '\\x00ff5c22'::bytea),
              (7, '', '{}', '"just a string"', '{}', '{}', -0.5, NULL, NULL, '\\x'::bytea),
              (7, NULL, '{NULL,"",NULL}', '[1, "two", {"three": [null, true]}]', '[]', NULL, 0,
               NULL, NULL, NULL)`,
      [
        odd,
        [odd, '', 'NULL', null, '{x}'],
        { odd, nested: { list: [odd, 1.5, null] } },
        `{"k": "${'\\\\'}"}`,
      ],
    );
    const values = (db: DataSource, companyId: number) =>
      db.query<Record<string, unknown>[]>(
        `SELECT body, words, data, doc::jsonb AS doc, flags, amount::text AS amount, day::text AS day,
                at, encode(bin, 'hex') AS bin, size, kind
           FROM ${schema}.notes WHERE company_id = $1 ORDER BY body NULLS LAST`,
        [companyId],
      );
    try {
      // the notes alone: the other rows are in already (their unique keys would clash)
      const lines = (await exportLines()).filter((line) => line.startsWith('notes\t'));
      const added = await importLines(lines, randomUUID(), 13);
      expect(added.notes).toBe(3);
      const before = await values(from, 7);
      expect(before).toHaveLength(3);
      expect(await values(into, 13)).toEqual(before);
    } finally {
      await from.query(`DELETE FROM ${schema}.notes`);
    }
  });

  it('refuses a row that clashes with one of another company', async () => {
    // company 12 already has the bundle's contact under another bundle's import
    await expect(importLines(await exportLines(), randomUUID())).rejects.toMatchObject({
      code: 'ERR_IMPORT_CONFLICT',
    });
  });

  it('pages a table found through two parents to its end', async () => {
    // more rows than a page: the parents' filter (one OR the other) must bind before the page's
    const [tag] = await from.query<{ id: number }[]>(
      `INSERT INTO ${schema}.tags (company_id, name) VALUES (7, 'many') RETURNING id`,
    );
    await from.query(
      `WITH c AS (INSERT INTO ${schema}.contacts (company_id, name)
                  SELECT 7, 'c' || n FROM generate_series(1, 2100) n RETURNING id)
       INSERT INTO ${schema}.contact_tags SELECT id, $1 FROM c`,
      [tag!.id],
    );
    try {
      const lines = await exportLines();
      expect(lines.filter((line) => line.startsWith('contact_tags\t'))).toHaveLength(2101);
    } finally {
      await from.query(`DELETE FROM ${schema}.contact_tags WHERE tag_id = $1`, [tag!.id]);
      await from.query(`DELETE FROM ${schema}.contacts WHERE name LIKE 'c%'`);
      await from.query(`DELETE FROM ${schema}.tags WHERE id = $1`, [tag!.id]);
    }
  });

  it('refuses a column of ids that nobody declared', async () => {
    await into.query(`ALTER TABLE ${schema}.tags ADD COLUMN queue_id int`);
    try {
      const lines = await exportLines();
      await expect(importLines(lines, randomUUID())).rejects.toThrow(UndeclaredColumnError);
    } finally {
      await into.query(`ALTER TABLE ${schema}.tags DROP COLUMN queue_id`);
    }
  });
});
