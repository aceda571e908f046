import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type QueueIntegration,
  type QueueIntegrationPage,
  type QueueIntegrationTestResult,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { QueueIntegrationsService } from './queue-integrations.service.js';

@Injectable()
export class QueueIntegrationsHandler {
  constructor(private readonly integrations: QueueIntegrationsService) {}

  @BusHandler(Subjects.tickets.queueIntegrationPage)
  page(data: unknown, ctx: CallContext): Promise<QueueIntegrationPage> {
    return this.integrations.page(ctx, data);
  }

  @BusHandler(Subjects.tickets.queueIntegrationGet)
  get(data: unknown, ctx: CallContext): Promise<QueueIntegration> {
    return this.integrations.get(ctx, data);
  }

  @BusHandler(Subjects.tickets.queueIntegrationCreate)
  create(data: unknown, ctx: CallContext): Promise<QueueIntegration> {
    return this.integrations.create(ctx, data);
  }

  @BusHandler(Subjects.tickets.queueIntegrationUpdate)
  update(data: unknown, ctx: CallContext): Promise<QueueIntegration> {
    return this.integrations.update(ctx, data);
  }

  @BusHandler(Subjects.tickets.queueIntegrationDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.integrations.remove(ctx, data);
  }

  @BusHandler(Subjects.tickets.queueIntegrationTestSession)
  testSession(data: unknown, ctx: CallContext): Promise<QueueIntegrationTestResult> {
    return this.integrations.testSession(ctx, data);
  }
}
