import { Column, Entity } from 'typeorm';
import { TimestampedRow } from '@sb/platform/db';

@Entity({ name: 'plans' })
export class Plan extends TimestampedRow {
  @Column({ type: 'varchar', length: 120, unique: true })
  name!: string;

  @Column({ type: 'integer' })
  users!: number;

  @Column({ type: 'integer' })
  connections!: number;

  @Column({ type: 'integer' })
  queues!: number;

  /** numeric(10,2): pg returns it as a string, which keeps cents exact */
  @Column({ type: 'numeric', precision: 10, scale: 2, default: 0 })
  amount!: string;

  @Column({ name: 'use_whatsapp', type: 'boolean', default: true })
  useWhatsapp!: boolean;

  @Column({ name: 'use_facebook', type: 'boolean', default: true })
  useFacebook!: boolean;

  @Column({ name: 'use_instagram', type: 'boolean', default: true })
  useInstagram!: boolean;

  @Column({ name: 'use_campaigns', type: 'boolean', default: true })
  useCampaigns!: boolean;

  @Column({ name: 'use_schedules', type: 'boolean', default: true })
  useSchedules!: boolean;

  @Column({ name: 'use_internal_chat', type: 'boolean', default: true })
  useInternalChat!: boolean;

  @Column({ name: 'use_external_api', type: 'boolean', default: true })
  useExternalApi!: boolean;

  @Column({ name: 'use_kanban', type: 'boolean', default: true })
  useKanban!: boolean;

  @Column({ name: 'use_open_ai', type: 'boolean', default: true })
  useOpenAi!: boolean;

  @Column({ name: 'use_integration', type: 'boolean', default: true })
  useIntegration!: boolean;

  @Column({ name: 'is_public', type: 'boolean', default: true })
  isPublic!: boolean;
}
