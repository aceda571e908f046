import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  ContactImportMaxRows,
  ContactImportProgressEvery,
  ContactImportRow,
  ContactImportRowIntervalMs,
  type ContactImportEventData,
  type ContactImportFailure,
  type ContactImportJob,
  type RequestContext,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireMember } from '@sb/platform/context';
import { Transactions } from '@sb/platform/db';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { LOGGER, BusHandler } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import type { ContactImportJobRow } from './contact.entity.js';
import { ContactImportJobsRepository } from './contact-import-jobs.repository.js';
import { ContactsService } from './contacts.service.js';

const StartInput = z.object({ rows: z.array(z.unknown()).min(1).max(ContactImportMaxRows) });

/** Why a row was skipped: the error code and, for a refused field, the first such field. */
const importFailure = (row: number, raw: unknown, err: unknown): ContactImportFailure => {
  const number = String((raw as { number?: unknown } | undefined)?.number ?? '');
  if (!(err instanceof AppError)) return { row, number, error: 'ERR_INTERNAL' };
  const fields = Object.keys(err.fields ?? {});
  const field = fields.find((name) => /^(name|number|email|tags)/.test(name))?.replace(/\..*$/, '');
  return field ? { row, number, error: err.code, field } : { row, number, error: err.code };
};

/** A job whose worker has not beaten for this long is taken over (crash or another instance died). */
const StaleAfterMs = 30_000;

const toJob = (row: ContactImportJobRow): ContactImportJob => ({
  id: row.id,
  total: row.total,
  done: row.done,
  created: row.created,
  updated: row.updated,
  failed: row.failedRows.length,
  failedRows: row.failedRows,
  status: row.status,
});

/**
 * Contact import from a sheet (spec 2 §8/§9): one row every 330 ms, progress every 5 rows. The rows, the
 * cursor and the failures are stored in contact_import_jobs, so a restart resumes where it stopped; the
 * pause between rows is only pacing.
 */
@Injectable()
export class ContactImportService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly driving = new Set<number>();
  private stopped = false;

  constructor(
    private readonly transactions: Transactions,
    private readonly jobs: ContactImportJobsRepository,
    private readonly contacts: ContactsService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusHandler(Subjects.tickets.contactImportStart)
  async start(call: CallContext, data: unknown): Promise<ContactImportJob> {
    const ctx = requireMember(call);
    const { rows } = parseInput(StartInput, data ?? {});
    const job = await this.jobs.insert(ctx.companyId, {
      userId: ctx.userId,
      rows,
      total: rows.length,
      heartbeatAt: new Date(),
    });
    void this.drive(job.id);
    return toJob(job);
  }

  async onApplicationBootstrap(): Promise<void> {
    const stale = await this.jobs.staleRunningIds(new Date(Date.now() - StaleAfterMs));
    for (const id of stale) void this.drive(id);
  }

  onModuleDestroy(): void {
    this.stopped = true;
  }

  /** Works the job row by row until it is finished, this instance stops, or another one owns it. */
  private async drive(jobId: number): Promise<void> {
    if (this.driving.has(jobId)) return;
    this.driving.add(jobId);
    try {
      while (!this.stopped) {
        const more = await this.step(jobId);
        if (!more) return;
        await sleep(ContactImportRowIntervalMs);
      }
    } catch (err) {
      this.logger.error({ err, jobId }, 'contact import stopped; it resumes after a restart');
    } finally {
      this.driving.delete(jobId);
    }
  }

  /** Imports the next row in one transaction with the cursor; false when nothing is left. */
  private async step(jobId: number): Promise<boolean> {
    const job = await this.jobs.findRunning(jobId);
    if (!job) return false;
    const index = job.done;
    const failedRows = [...job.failedRows];
    let { created, updated } = job;
    if (index < job.total) {
      const raw = job.rows[index];
      try {
        const { outcome } = await this.contacts.importRow(
          this.jobContext(job),
          parseInput(ContactImportRow, raw ?? {}),
        );
        if (outcome === 'created') created += 1;
        else updated += 1;
      } catch (err) {
        failedRows.push(importFailure(index + 1, raw, err));
      }
    }
    const done = Math.min(index + 1, job.total);
    const finished = done >= job.total;
    await this.transactions.inTenant(job.companyId, async (manager) => {
      await this.jobs.saveProgress(manager, job.companyId, jobId, {
        done,
        created,
        updated,
        failedRows,
        status: finished ? 'finished' : 'running',
        heartbeatAt: new Date(),
      });
      if (finished || done % ContactImportProgressEvery === 0)
        await this.progress(manager, {
          ...job,
          done,
          created,
          updated,
          failedRows,
          status: finished ? 'finished' : 'running',
        });
    });
    return !finished;
  }

  private async progress(manager: EntityManager, job: ContactImportJobRow): Promise<void> {
    const event: ContactImportEventData = { job: toJob(job) };
    await Outbox.add(manager, {
      companyId: job.companyId,
      service: 'tickets',
      entity: 'contact-import',
      action: 'progress',
      data: event,
    });
  }

  /** The rows are imported on behalf of the user who uploaded the sheet. */
  private jobContext(job: ContactImportJobRow): RequestContext {
    return {
      requestId: `contact-import-${job.id}`,
      companyId: job.companyId,
      userId: job.userId,
      profile: 'user',
      super: false,
      lang: 'en',
    };
  }
}
