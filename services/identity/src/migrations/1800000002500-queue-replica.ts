import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** Names and colours of the tickets service's queues, fed by its queue events (session users show them). */
export class QueueReplica1800000002500 implements MigrationInterface {
  name = 'QueueReplica1800000002500';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      CREATE TABLE ${s}.queue_replica (
        id integer PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(50) NOT NULL,
        color varchar(9) NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX queue_replica_company_idx ON ${s}.queue_replica (company_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.queue_replica`);
  }
}
