import type { MigrationInterface, QueryRunner } from 'typeorm';

// Unqualified names: a service's connections put its own schema first on the search_path.

/** The transactional outbox: events written with the change, relayed to the bus afterwards. */
export class PlatformOutboxEvent1700000000000 implements MigrationInterface {
  name = 'PlatformOutboxEvent1700000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox_event (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        subject text NOT NULL,
        company_id integer NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz NULL
      )`);
    // the relay's hot query: unpublished rows in write order
    await queryRunner.query(
      'CREATE INDEX outbox_event_unpublished_idx ON outbox_event (seq) WHERE published_at IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE outbox_event');
  }
}

/** Events a durable consumer already applied, so a redelivery is not applied twice. */
export class PlatformProcessedEvent1700000000001 implements MigrationInterface {
  name = 'PlatformProcessedEvent1700000000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE processed_event (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE processed_event');
  }
}

/**
 * The outbox keeps a payload as the text it was given (json): nothing queries inside it, and parsing
 * every event into jsonb on write and printing it back on relay was a measurable share of the
 * database's work under inbound load.
 */
export class PlatformOutboxJsonPayload1700000000002 implements MigrationInterface {
  name = 'PlatformOutboxJsonPayload1700000000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE outbox_event ALTER COLUMN payload TYPE json USING payload::json',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE outbox_event ALTER COLUMN payload TYPE jsonb USING payload::jsonb',
    );
  }
}

/**
 * The trace an event was written in (W3C traceparent/tracestate), so the relay publishes it with the
 * event and its consumers continue the same trace. Nullable: rows written outside a trace, and older
 * rows, have none.
 */
export class PlatformOutboxTraceContext1700000000003 implements MigrationInterface {
  name = 'PlatformOutboxTraceContext1700000000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE outbox_event ADD COLUMN traceparent text NULL, ADD COLUMN tracestate text NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE outbox_event DROP COLUMN traceparent, DROP COLUMN tracestate',
    );
  }
}

export const platformMigrations = [
  PlatformOutboxEvent1700000000000,
  PlatformProcessedEvent1700000000001,
  PlatformOutboxJsonPayload1700000000002,
  PlatformOutboxTraceContext1700000000003,
];
