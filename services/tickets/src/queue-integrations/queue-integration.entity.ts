import { Column, Entity } from 'typeorm';
import { CompanyRow } from '@sb/platform/db';
import type { QueueIntegrationLanguage, QueueIntegrationType } from '@sb/contracts';

/**
 * A bot integration of a company (spec 3 §3 QueueIntegration). `jsonContent` holds the Dialogflow
 * service-account key sealed with the service's SecretBox (base64), never the plain text.
 */
@Entity({ name: 'queue_integrations' })
export class QueueIntegrationRow extends CompanyRow {
  @Column({ type: 'varchar', length: 20 })
  type!: QueueIntegrationType;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @Column({ name: 'project_name', type: 'varchar', length: 100, default: '' })
  projectName!: string;

  /** sealed service-account key (Dialogflow), null for the other types */
  @Column({ name: 'json_content', type: 'text', nullable: true })
  jsonContent!: string | null;

  @Column({ type: 'varchar', length: 10, default: 'pt-BR' })
  language!: QueueIntegrationLanguage;

  @Column({ name: 'url_n8n', type: 'varchar', length: 500, default: '' })
  urlN8N!: string;

  @Column({ name: 'typebot_slug', type: 'varchar', length: 200, default: '' })
  typebotSlug!: string;

  @Column({ name: 'typebot_expires', type: 'integer', default: 1 })
  typebotExpires!: number;

  @Column({ name: 'typebot_delay_message', type: 'integer', default: 1000 })
  typebotDelayMessage!: number;

  @Column({ name: 'typebot_keyword_finish', type: 'varchar', length: 100, default: '' })
  typebotKeywordFinish!: string;

  @Column({ name: 'typebot_keyword_restart', type: 'varchar', length: 100, default: '' })
  typebotKeywordRestart!: string;

  @Column({ name: 'typebot_unknown_message', type: 'text', default: '' })
  typebotUnknownMessage!: string;

  @Column({ name: 'typebot_restart_message', type: 'text', default: '' })
  typebotRestartMessage!: string;
}
