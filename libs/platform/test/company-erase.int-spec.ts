import { createTestDatabase, type TestDatabase } from '@sb/testing/infra';
import { DataSource } from 'typeorm';
import {
  eraseCompanyRows,
  planCompanyTables,
  UndeclaredTableError,
} from '../src/tenant/company-erase.js';

// A schema shaped like the services': company tables referencing each other (one to itself), a
// child table without company_id, a kept table and a bookkeeping table.
const schema = 'erase_test';
const tables = `
  CREATE SCHEMA ${schema};
  CREATE TABLE ${schema}.migrations (id serial PRIMARY KEY, name text);
  CREATE TABLE ${schema}.erased_companies (id int PRIMARY KEY, erased_at timestamptz DEFAULT now());
  CREATE TABLE ${schema}.contacts (id serial PRIMARY KEY, company_id int NOT NULL, name text);
  CREATE TABLE ${schema}.tags (id serial PRIMARY KEY, company_id int NOT NULL);
  CREATE TABLE ${schema}.contact_tags (
    contact_id int NOT NULL REFERENCES ${schema}.contacts(id),
    tag_id int NOT NULL REFERENCES ${schema}.tags(id));
  CREATE TABLE ${schema}.tickets (
    id serial PRIMARY KEY, company_id int NOT NULL,
    contact_id int REFERENCES ${schema}.contacts(id),
    parent_id int REFERENCES ${schema}.tickets(id));
  CREATE TABLE ${schema}.audit (id serial PRIMARY KEY, company_id int NOT NULL);
`;

const seed = async (db: DataSource, companyId: number) => {
  const [contact] = await db.query<{ id: number }[]>(
    `INSERT INTO ${schema}.contacts (company_id, name) VALUES ($1, 'c') RETURNING id`,
    [companyId],
  );
  const [tag] = await db.query<{ id: number }[]>(
    `INSERT INTO ${schema}.tags (company_id) VALUES ($1) RETURNING id`,
    [companyId],
  );
  await db.query(`INSERT INTO ${schema}.contact_tags VALUES ($1, $2)`, [contact!.id, tag!.id]);
  const [first] = await db.query<{ id: number }[]>(
    `INSERT INTO ${schema}.tickets (company_id, contact_id) VALUES ($1, $2) RETURNING id`,
    [companyId, contact!.id],
  );
  await db.query(
    `INSERT INTO ${schema}.tickets (company_id, contact_id, parent_id) VALUES ($1, $2, $3)`,
    [companyId, contact!.id, first!.id],
  );
  await db.query(`INSERT INTO ${schema}.audit (company_id) VALUES ($1)`, [companyId]);
};

const counts = async (db: DataSource, companyId: number) => {
  const [row] = await db.query<Record<string, number>[]>(
    `SELECT
       (SELECT count(*)::int FROM ${schema}.contacts WHERE company_id = $1) AS contacts,
       (SELECT count(*)::int FROM ${schema}.tags WHERE company_id = $1) AS tags,
       (SELECT count(*)::int FROM ${schema}.contact_tags ct JOIN ${schema}.contacts c
          ON c.id = ct.contact_id WHERE c.company_id = $1) AS contact_tags,
       (SELECT count(*)::int FROM ${schema}.tickets WHERE company_id = $1) AS tickets,
       (SELECT count(*)::int FROM ${schema}.audit WHERE company_id = $1) AS audit`,
    [companyId],
  );
  return row;
};

describe('a company erased from a schema, as the catalogue describes it', () => {
  let database: TestDatabase;
  let db: DataSource;
  const policy = { keep: { audit: 'the log outlives the company' } };

  beforeAll(async () => {
    database = await createTestDatabase('erase');
    db = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await db.query(tables);
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('removes its rows children first, keeps what is kept, leaves other companies alone', async () => {
    await seed(db, 2);
    await seed(db, 3);

    const removed = await db.transaction((manager) => eraseCompanyRows(manager, schema, 2, policy));

    expect(removed).toEqual({ contact_tags: 1, tickets: 2, contacts: 1, tags: 1 });
    expect(await counts(db, 2)).toEqual({
      contacts: 0,
      tags: 0,
      contact_tags: 0,
      tickets: 0,
      audit: 1,
    });
    expect(await counts(db, 3)).toEqual({
      contacts: 1,
      tags: 1,
      contact_tags: 1,
      tickets: 2,
      audit: 1,
    });
    // again: nothing more to remove
    await expect(
      db.transaction((manager) => eraseCompanyRows(manager, schema, 2, policy)),
    ).resolves.toEqual({});
  });

  it('names each table with its part, and refuses a table nobody declared', async () => {
    const plans = await planCompanyTables(db.manager, schema, policy);
    expect(Object.fromEntries(plans.map((plan) => [plan.table.name, plan.role]))).toEqual({
      audit: 'kept',
      contact_tags: 'dependent',
      contacts: 'company',
      erased_companies: 'shared',
      migrations: 'shared',
      tags: 'company',
      tickets: 'company',
    });

    await db.query(`CREATE TABLE ${schema}.loose (id serial PRIMARY KEY, note text)`);
    await expect(planCompanyTables(db.manager, schema, policy)).rejects.toThrow(
      UndeclaredTableError,
    );
    await db.query(`DROP TABLE ${schema}.loose`);
  });
});
