import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@sb/testing/infra';
import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  type DataSource,
  type MigrationInterface,
  type QueryRunner,
} from 'typeorm';
import { bulkInsert } from '../src/db/bulk-insert.js';
import { createServiceDataSource } from '../src/db/service-data-source.js';
import { createLogger } from '../src/logger/create-logger.js';

@Entity({ name: 'event_row' })
class EventRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ type: 'varchar', length: 40, default: 'new' })
  status!: string;

  @Column({ name: 'is_done', type: 'boolean', default: false })
  isDone!: boolean;

  @Column({ type: 'jsonb', nullable: true })
  data!: Record<string, unknown> | null;

  @Column({ type: 'smallint', default: 0 })
  level!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Entity({ name: 'keyed_row' })
class KeyedRow {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  body!: string;
}

class CreateRows1800000000000 implements MigrationInterface {
  name = 'CreateRows1800000000000';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query(`CREATE TABLE event_row (
      id serial PRIMARY KEY, company_id integer NOT NULL, status varchar(40) NOT NULL DEFAULT 'new',
      is_done boolean NOT NULL DEFAULT false, data jsonb, level smallint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now())`);
    await queryRunner.query('CREATE TABLE keyed_row (id uuid PRIMARY KEY, body text NOT NULL)');
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE keyed_row');
    await queryRunner.query('DROP TABLE event_row');
  }
}

describe('bulkInsert', () => {
  let db: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('platform_bulk');
    dataSource = await createServiceDataSource({
      url: db.url,
      schema: 'identity',
      entities: [EventRow, KeyedRow],
      migrations: [CreateRows1800000000000],
      logger: createLogger('bulk-int'),
    });
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  it('stores many rows with one statement and answers them in order, defaults included', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      companyId: 1 + (i % 3),
      data: i % 2 ? { n: i, text: 'a "quoted" value' } : null,
      level: i % 5,
    }));
    const stored = await bulkInsert(dataSource.manager, EventRow, rows);
    expect(stored).toHaveLength(300);
    stored.forEach((row, i) => {
      expect(row).toBeInstanceOf(EventRow);
      expect(row.companyId).toBe(rows[i]!.companyId);
      expect(row.data).toEqual(rows[i]!.data);
      expect(row.level).toBe(rows[i]!.level);
      expect(row.status).toBe('new');
      expect(row.isDone).toBe(false);
      expect(row.createdAt).toBeInstanceOf(Date);
    });
    expect(new Set(stored.map((row) => row.id)).size).toBe(300);
    const [{ n }] = await dataSource.query('SELECT count(*)::int AS n FROM identity.event_row');
    expect(n).toBe(300);
  });

  it('matches rows to the keys they carry, and writes nothing for no rows', async () => {
    const rows = ['b', 'a', 'c'].map((body) => ({ id: randomUUID(), body }));
    const stored = await bulkInsert(dataSource.manager, KeyedRow, rows);
    expect(stored.map((row) => row.body)).toEqual(['b', 'a', 'c']);
    expect(stored.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    expect(await bulkInsert(dataSource.manager, KeyedRow, [])).toEqual([]);
  });

  it('rolls back with the transaction it runs in', async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await bulkInsert(manager, EventRow, [{ companyId: 9 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const [{ n }] = await dataSource.query(
      'SELECT count(*)::int AS n FROM identity.event_row WHERE company_id = 9',
    );
    expect(n).toBe(0);
  });
});
