import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, ENV, LOGGER } from '@sb/platform/nest';
import { eventExportConfigFrom } from './event-export.config.js';
import { startKafkaEventExport, type KafkaEventExport } from './kafka-event-export.js';

/** Runs the Kafka export when KAFKA_BROKERS is set; does nothing otherwise. */
@Injectable()
export class EventExportService implements OnApplicationBootstrap, OnModuleDestroy {
  private running?: KafkaEventExport;

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(ENV) private readonly env: Record<string, string | undefined>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const config = eventExportConfigFrom(this.env);
    if (!config) return;
    this.running = await startKafkaEventExport({ bus: this.bus, config, logger: this.logger });
  }

  async onModuleDestroy(): Promise<void> {
    await this.running?.stop();
    this.running = undefined;
  }
}
