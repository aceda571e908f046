import { Injectable } from '@nestjs/common';
import {
  HelpInput,
  HelpListQuery,
  HelpPageSize,
  type Help,
  type HelpIdRequest,
  type HelpPage,
  type HelpUpdateRequest,
  Subjects,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import { requireSignedIn, requireSuper } from '../announcements/platform-access.js';
import type { HelpEntry } from './help.entity.js';
import { HelpsRepository } from './helps.repository.js';
import { BusHandler } from '@sb/platform/nest';

const toHelp = (row: HelpEntry): Help => ({
  id: row.id,
  title: row.title,
  description: row.description,
  video: row.video,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

@Injectable()
export class HelpsService {
  constructor(private readonly helps: HelpsRepository) {}

  @BusHandler(Subjects.identity.helpList)
  async page(ctx: CallContext, query: unknown): Promise<HelpPage> {
    requireSignedIn(ctx);
    const { searchParam, pageNumber } = parseInput(HelpListQuery, query ?? {});
    const offset = (pageNumber - 1) * HelpPageSize;
    const { rows, count } = await this.helps.page(searchParam, offset, HelpPageSize);
    return { helps: rows.map(toHelp), count, hasMore: count > offset + rows.length };
  }

  @BusHandler(Subjects.identity.helpListAll)
  async list(ctx: CallContext): Promise<Help[]> {
    requireSignedIn(ctx);
    return (await this.helps.all()).map(toHelp);
  }

  @BusHandler(Subjects.identity.helpCreate)
  async create(ctx: CallContext, data: unknown): Promise<Help> {
    requireSuper(ctx);
    return toHelp(await this.helps.create(parseInput(HelpInput, data ?? {})));
  }

  @BusHandler(Subjects.identity.helpUpdate)
  async update(ctx: CallContext, request: HelpUpdateRequest): Promise<Help> {
    requireSuper(ctx);
    const id = requestedId(request);
    const input = parseInput(HelpInput, request);
    if (!(await this.helps.findById(id))) throw new AppError('ERR_NO_HELP_FOUND');
    await this.helps.update(id, input);
    const updated = await this.helps.findById(id);
    if (!updated) throw new AppError('ERR_NO_HELP_FOUND');
    return toHelp(updated);
  }

  @BusHandler(Subjects.identity.helpDelete)
  async remove(ctx: CallContext, request: HelpIdRequest): Promise<{ id: number }> {
    requireSuper(ctx);
    const id = requestedId(request);
    if (!(await this.helps.delete(id))) throw new AppError('ERR_NO_HELP_FOUND');
    return { id };
  }
}
