// A tiny tenant entity with its migration, shared by the platform's integration tests.
import {
  Column,
  Entity,
  PrimaryGeneratedColumn,
  type MigrationInterface,
  type QueryRunner,
  type Repository,
} from 'typeorm';
import { TenantRepository } from '../src/db/tenant.repository.js';
import { tenantRowSecurityMigration } from '../src/db/tenant-row-security.js';
import type { Transactions } from '../src/db/transactions.js';

@Entity({ name: 'note' })
export class NoteEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ type: 'text' })
  text!: string;
}

export class CreateNote1800000000000 implements MigrationInterface {
  name = 'CreateNote1800000000000';
  async up(queryRunner: QueryRunner) {
    await queryRunner.query(
      'CREATE TABLE note (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), company_id integer NOT NULL, text text NOT NULL)',
    );
  }
  async down(queryRunner: QueryRunner) {
    await queryRunner.query('DROP TABLE note');
  }
}

/** Row-level security on `note`, as every service's tenant tables have it. */
export const NoteRowSecurity1800000000001 = tenantRowSecurityMigration(
  'NoteRowSecurity1800000000001',
  'identity',
  ['note'],
);

export class NotesRepository extends TenantRepository<NoteEntity> {
  protected readonly notFoundCode = 'ERR_NOT_FOUND' as const;
  constructor(repository: Repository<NoteEntity>, transactions: Transactions) {
    super(repository, transactions);
  }
}
