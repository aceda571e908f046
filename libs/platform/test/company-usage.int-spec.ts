import { createTestDatabase, type TestDatabase } from '@sb/testing/infra';
import { DataSource } from 'typeorm';
import { measureCompanyRows } from '../src/tenant/company-usage.js';

// A schema shaped like the services': company tables, a child without company_id, a kept table, a
// bookkeeping table and a table whose company is its own id (identity's companies).
const schema = 'usage_test';
const tables = `
  CREATE SCHEMA ${schema};
  CREATE TABLE ${schema}.migrations (id serial PRIMARY KEY, name text);
  CREATE TABLE ${schema}.companies (id int PRIMARY KEY, name text);
  CREATE TABLE ${schema}.contacts (id serial PRIMARY KEY, company_id int NOT NULL, name text);
  CREATE TABLE ${schema}.tags (id serial PRIMARY KEY, company_id int NOT NULL);
  CREATE TABLE ${schema}.contact_tags (
    contact_id int REFERENCES ${schema}.contacts(id),
    tag_id int REFERENCES ${schema}.tags(id));
  CREATE TABLE ${schema}.audit (id serial PRIMARY KEY, company_id int NOT NULL, what text);
`;
const policy = {
  companyColumn: { companies: 'id' },
  keep: { audit: 'the log outlives the company' },
};

/** `contacts` contacts with a tag each, and one audit line (not counted). */
const seed = async (db: DataSource, companyId: number, contacts: number) => {
  await db.query(`INSERT INTO ${schema}.companies VALUES ($1, 'company')`, [companyId]);
  for (let i = 0; i < contacts; i += 1) {
    const [contact] = await db.query<{ id: number }[]>(
      `INSERT INTO ${schema}.contacts (company_id, name) VALUES ($1, repeat('n', 100)) RETURNING id`,
      [companyId],
    );
    const [tag] = await db.query<{ id: number }[]>(
      `INSERT INTO ${schema}.tags (company_id) VALUES ($1) RETURNING id`,
      [companyId],
    );
    await db.query(`INSERT INTO ${schema}.contact_tags VALUES ($1, $2)`, [contact!.id, tag!.id]);
  }
  await db.query(`INSERT INTO ${schema}.audit (company_id, what) VALUES ($1, repeat('a', 500))`, [
    companyId,
  ]);
};

/** What each row of a table takes, read one by one (no aggregate), with the column that places it. */
const rowSizes = async (db: DataSource, table: string, column: string) =>
  db.query<{ size: number; of: number | null }[]>(
    `SELECT pg_column_size(t.*) AS size, "${column}" AS of FROM ${schema}.${table} t`,
  );
const sum = (rows: { size: number }[]) => rows.reduce((total, row) => total + row.size, 0);

describe('the rows and bytes of each company in a schema, as the catalogue describes it', () => {
  let database: TestDatabase;
  let db: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('usage');
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await db.query(tables);
    await seed(db, 2, 3);
    await seed(db, 3, 1);
    // a link whose contact is company 3's and whose tag is gone still counts for company 3
    const [contact] = await db.query<{ id: number }[]>(
      `SELECT id FROM ${schema}.contacts WHERE company_id = 3`,
    );
    await db.query(`INSERT INTO ${schema}.contact_tags VALUES ($1, NULL)`, [contact!.id]);
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('counts company and dependent rows, not kept or bookkeeping ones, and sizes them', async () => {
    const usage = await measureCompanyRows(db.manager, schema, [2, 3], policy);
    // company 2: its company row, 3 contacts, 3 tags, 3 links
    expect(usage.map(({ companyId, rows }) => ({ companyId, rows }))).toEqual([
      { companyId: 2, rows: 10 },
      { companyId: 3, rows: 5 },
    ]);
    const contactsOf2 = (await rowSizes(db, 'contacts', 'company_id')).filter((r) => r.of === 2);
    const [contactIds] = await db.query<{ ids: number[] }[]>(
      `SELECT array_agg(id) AS ids FROM ${schema}.contacts WHERE company_id = 2`,
    );
    const expected =
      sum((await rowSizes(db, 'companies', 'id')).filter((r) => r.of === 2)) +
      sum(contactsOf2) +
      sum((await rowSizes(db, 'tags', 'company_id')).filter((r) => r.of === 2)) +
      sum(
        (await rowSizes(db, 'contact_tags', 'contact_id')).filter((r) =>
          contactIds!.ids.includes(r.of!),
        ),
      );
    expect(usage[0]!.bytes).toBe(expected);
    // 3 contacts of 100 characters and more: the audit line (500) is not in it
    expect(usage[0]!.bytes).toBeGreaterThan(300);
    expect(usage[1]!.bytes).toBeLessThan(usage[0]!.bytes);
  });

  it('answers zeros for a company without rows, and every company when none is named', async () => {
    expect(await measureCompanyRows(db.manager, schema, [4], policy)).toEqual([
      { companyId: 4, rows: 0, bytes: 0 },
    ]);
    const every = await measureCompanyRows(db.manager, schema, [], policy);
    expect(every.map((company) => company.companyId)).toEqual([2, 3]);
    expect(every).toEqual(await measureCompanyRows(db.manager, schema, [2, 3], policy));
  });

  it('grows with the company’s rows and shrinks when they go', async () => {
    const [before] = await measureCompanyRows(db.manager, schema, [3], policy);
    await seed(db, 5, 0);
    await db.query(`INSERT INTO ${schema}.contacts (company_id, name) VALUES (3, 'more')`);
    const [after] = await measureCompanyRows(db.manager, schema, [3], policy);
    expect(after!.rows).toBe(before!.rows + 1);
    expect(after!.bytes).toBeGreaterThan(before!.bytes);
  });
});
