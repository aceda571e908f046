import type { MigrationInterface, QueryRunner } from 'typeorm';

// Unqualified names: a service's connections put its own schema first on the search_path.

/**
 * A migration that runs the statements of `up` in order and those of `down` to undo it; `name` (with
 * its timestamp) is what the migrations table records.
 */
function statementMigration(
  name: string,
  up: string[],
  down: string[],
): new () => MigrationInterface {
  const run = async (queryRunner: QueryRunner, statements: string[]) => {
    for (const statement of statements) await queryRunner.query(statement);
  };
  return class implements MigrationInterface {
    name = name;
    up = (queryRunner: QueryRunner) => run(queryRunner, up);
    down = (queryRunner: QueryRunner) => run(queryRunner, down);
  };
}

/** The transactional outbox: events written with the change, relayed to the bus afterwards. */
export const PlatformOutboxEvent1700000000000 = statementMigration(
  'PlatformOutboxEvent1700000000000',
  [
    `
      CREATE TABLE outbox_event (
        id uuid PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        subject text NOT NULL,
        company_id integer NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz NULL
      )`,
    // the relay's hot query: unpublished rows in write order
    'CREATE INDEX outbox_event_unpublished_idx ON outbox_event (seq) WHERE published_at IS NULL',
  ],
  ['DROP TABLE outbox_event'],
);

/** Events a durable consumer already applied, so a redelivery is not applied twice. */
export const PlatformProcessedEvent1700000000001 = statementMigration(
  'PlatformProcessedEvent1700000000001',
  [
    `
      CREATE TABLE processed_event (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`,
  ],
  ['DROP TABLE processed_event'],
);

/**
 * The outbox keeps a payload as the text it was given (json): nothing queries inside it, and parsing
 * every event into jsonb on write and printing it back on relay was a measurable share of the
 * database's work under inbound load.
 */
export const PlatformOutboxJsonPayload1700000000002 = statementMigration(
  'PlatformOutboxJsonPayload1700000000002',
  ['ALTER TABLE outbox_event ALTER COLUMN payload TYPE json USING payload::json'],
  ['ALTER TABLE outbox_event ALTER COLUMN payload TYPE jsonb USING payload::jsonb'],
);

/**
 * The trace an event was written in (W3C traceparent/tracestate), so the relay publishes it with the
 * event and its consumers continue the same trace. Nullable: rows written outside a trace, and older
 * rows, have none.
 */
export const PlatformOutboxTraceContext1700000000003 = statementMigration(
  'PlatformOutboxTraceContext1700000000003',
  ['ALTER TABLE outbox_event ADD COLUMN traceparent text NULL, ADD COLUMN tracestate text NULL'],
  ['ALTER TABLE outbox_event DROP COLUMN traceparent, DROP COLUMN tracestate'],
);

/**
 * The companies this service erased (docs/tenant-operations.md): an event of one of them that arrives
 * late is recorded as processed and not applied, so it cannot write the company's rows again.
 */
export const PlatformErasedCompanies1700000000004 = statementMigration(
  'PlatformErasedCompanies1700000000004',
  [
    `
      CREATE TABLE erased_companies (
        id integer PRIMARY KEY,
        erased_at timestamptz NOT NULL DEFAULT now()
      )`,
  ],
  ['DROP TABLE erased_companies'],
);

/**
 * The ids an import gave a bundle's rows, per table: importing the same bundle again maps to the same
 * rows (and adds nothing), and a later step finds the ids an earlier one reserved.
 */
export const PlatformTenantImportIds1700000000005 = statementMigration(
  'PlatformTenantImportIds1700000000005',
  [
    `
      CREATE TABLE tenant_import_ids (
        bundle_id uuid NOT NULL,
        table_name text NOT NULL,
        source_id bigint NOT NULL,
        target_id bigint NOT NULL,
        PRIMARY KEY (bundle_id, table_name, source_id)
      )`,
  ],
  ['DROP TABLE tenant_import_ids'],
);

export const platformMigrations = [
  PlatformOutboxEvent1700000000000,
  PlatformProcessedEvent1700000000001,
  PlatformOutboxJsonPayload1700000000002,
  PlatformOutboxTraceContext1700000000003,
  PlatformErasedCompanies1700000000004,
  PlatformTenantImportIds1700000000005,
];
