import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type RequestContext, type UserRecord } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';

const LookupTimeoutMs = 5_000;

/** What on-duty entries ask identity: the user, which must be one of the caller's company. */
@Injectable()
export class PlantaoDirectory {
  constructor(@Inject(BUS) private readonly bus: Bus) {}

  /**
   * The user as the caller's company knows it; another company's (or an unknown) user is identity's
   * ERR_NO_USER_FOUND, and an unreachable identity refuses the save rather than store an unchecked user.
   */
  user(ctx: RequestContext, id: number): Promise<UserRecord> {
    return this.bus.request<UserRecord>(
      Subjects.identity.userGet,
      { ctx, data: { id } },
      { timeoutMs: LookupTimeoutMs },
    );
  }
}
