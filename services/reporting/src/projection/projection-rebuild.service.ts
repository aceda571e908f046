import { Injectable } from '@nestjs/common';
import type { ProjectionRebuildReply } from '@sb/contracts';
import { Transactions } from '@sb/platform/db';
import { durablePrefix, ProjectionConsumer } from './projection.consumer.js';
import { ProjectionRepository } from './projection.repository.js';

/** How long the replay may stand still before the rebuild is called done. */
const idleMs = 1_500;

/**
 * Rebuilds the projections from the event stream: stops the consumers, empties the tables, and starts
 * consumers of a new generation (new durable names, so the stream is delivered again from its first
 * kept event). Answers once the replay applied at least as many events as the old generation had, or
 * stopped progressing.
 */
@Injectable()
export class ProjectionRebuildService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: ProjectionRepository,
    private readonly consumer: ProjectionConsumer,
  ) {}

  async rebuild(): Promise<ProjectionRebuildReply> {
    const started = Date.now();
    await this.consumer.stop();
    const { generation, before } = await this.transactions.acrossCompanies(async (manager) => {
      const old = await this.repository.generation(manager);
      const before = await this.repository.processedCount(durablePrefix(old), manager);
      return { generation: await this.repository.resetAll(manager), before };
    });
    await this.consumer.start(generation);
    const prefix = durablePrefix(generation);
    let applied = 0;
    let lastChange = Date.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = await this.repository.processedCount(prefix, this.transactions.manager);
      if (now !== applied) {
        applied = now;
        lastChange = Date.now();
      }
      if (applied >= before && Date.now() - lastChange >= 200) break;
      if (Date.now() - lastChange >= idleMs) break;
    }
    return { events: applied, seconds: (Date.now() - started) / 1000 };
  }
}
