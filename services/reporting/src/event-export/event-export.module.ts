import { Module } from '@nestjs/common';
import { EventExportService } from './event-export.service.js';

/** The optional copy of the domain events to Kafka (KAFKA_BROKERS). */
@Module({ providers: [EventExportService] })
export class EventExportModule {}
