import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

export class IdentityInitial1763780400000 implements MigrationInterface {
  name = 'IdentityInitial1763780400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      CREATE TABLE ${s}.plans (
        id serial PRIMARY KEY,
        name varchar(120) NOT NULL,
        users integer NOT NULL,
        connections integer NOT NULL,
        queues integer NOT NULL,
        amount numeric(10,2) NOT NULL DEFAULT 0,
        use_whatsapp boolean NOT NULL DEFAULT true,
        use_facebook boolean NOT NULL DEFAULT true,
        use_instagram boolean NOT NULL DEFAULT true,
        use_campaigns boolean NOT NULL DEFAULT true,
        use_schedules boolean NOT NULL DEFAULT true,
        use_internal_chat boolean NOT NULL DEFAULT true,
        use_external_api boolean NOT NULL DEFAULT true,
        use_kanban boolean NOT NULL DEFAULT true,
        use_open_ai boolean NOT NULL DEFAULT true,
        use_integration boolean NOT NULL DEFAULT true,
        is_public boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT plans_name_key UNIQUE (name)
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.companies (
        id serial PRIMARY KEY,
        name varchar(120) NOT NULL,
        email varchar(254),
        phone varchar(40),
        document varchar(40),
        status boolean NOT NULL DEFAULT true,
        due_date timestamptz,
        recurrence varchar(20),
        plan_id integer NOT NULL REFERENCES ${s}.plans(id) ON DELETE RESTRICT,
        schedules jsonb NOT NULL DEFAULT '[]'::jsonb,
        timezone varchar(64) NOT NULL DEFAULT 'America/Sao_Paulo',
        last_login timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT companies_name_key UNIQUE (name)
      )`);
    await queryRunner.query(`CREATE INDEX companies_plan_id_idx ON ${s}.companies (plan_id)`);
    await queryRunner.query(`
      CREATE TABLE ${s}.users (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES ${s}.companies(id) ON DELETE CASCADE,
        name varchar(120) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash varchar(255) NOT NULL,
        profile varchar(20) NOT NULL DEFAULT 'user',
        super boolean NOT NULL DEFAULT false,
        start_work varchar(5) NOT NULL DEFAULT '00:00',
        end_work varchar(5) NOT NULL DEFAULT '23:59',
        all_ticket varchar(10) NOT NULL DEFAULT 'disable',
        allow_group boolean NOT NULL DEFAULT false,
        default_theme varchar(10) NOT NULL DEFAULT 'light',
        default_menu varchar(10) NOT NULL DEFAULT 'open',
        language varchar(10),
        profile_image varchar(500),
        wpp varchar(40),
        whatsapp_id integer,
        farewell_message text,
        online boolean NOT NULL DEFAULT false,
        last_seen_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_key UNIQUE (email),
        CONSTRAINT users_email_lower_chk CHECK (email = lower(email))
      )`);
    await queryRunner.query(`CREATE INDEX users_company_id_idx ON ${s}.users (company_id, id)`);
    await queryRunner.query(`
      CREATE TABLE ${s}.user_queues (
        user_id integer NOT NULL REFERENCES ${s}.users(id) ON DELETE CASCADE,
        queue_id integer NOT NULL,
        PRIMARY KEY (user_id, queue_id)
      )`);
    await queryRunner.query(`CREATE INDEX user_queues_queue_id_idx ON ${s}.user_queues (queue_id)`);
    await queryRunner.query(`
      CREATE TABLE ${s}.sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id integer NOT NULL REFERENCES ${s}.users(id) ON DELETE CASCADE,
        company_id integer NOT NULL,
        current_token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        access_expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason varchar(20),
        ip varchar(64),
        user_agent varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sessions_current_token_hash_key UNIQUE (current_token_hash)
      )`);
    await queryRunner.query(`CREATE INDEX sessions_user_id_idx ON ${s}.sessions (user_id)`);
    // serves identity.session.revoked-list: revoked sessions whose access tokens may still be alive
    await queryRunner.query(
      `CREATE INDEX sessions_revoked_access_idx ON ${s}.sessions (access_expires_at)
         WHERE revoked_at IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.session_rotated_tokens (
        token_hash char(64) PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES ${s}.sessions(id) ON DELETE CASCADE,
        rotated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX session_rotated_tokens_session_id_idx ON ${s}.session_rotated_tokens (session_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.settings (
        key varchar(100) PRIMARY KEY,
        value text NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.company_settings (
        id serial PRIMARY KEY,
        company_id integer NOT NULL REFERENCES ${s}.companies(id) ON DELETE CASCADE,
        key varchar(100) NOT NULL,
        value text NOT NULL,
        CONSTRAINT company_settings_company_key UNIQUE (company_id, key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    for (const table of [
      'company_settings',
      'settings',
      'session_rotated_tokens',
      'sessions',
      'user_queues',
      'users',
      'companies',
      'plans',
    ]) {
      await queryRunner.query(`DROP TABLE IF EXISTS ${s}.${table}`);
    }
  }
}
