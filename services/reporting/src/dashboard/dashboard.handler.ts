import { Injectable } from '@nestjs/common';
import { Subjects, type ProjectionRebuildReply } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import { ProjectionRebuildService } from '../projection/projection-rebuild.service.js';

const S = Subjects.reporting;

@Injectable()
export class DashboardHandler {
  constructor(private readonly rebuilder: ProjectionRebuildService) {}

  /** Platform operation: only the super user replays the stream. */
  @BusHandler(S.rebuild)
  rebuild(ctx: CallContext): Promise<ProjectionRebuildReply> {
    if (!(ctx as { super?: boolean }).super) throw new AppError('ERR_NO_PERMISSION');
    return this.rebuilder.rebuild();
  }
}
