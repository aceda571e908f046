import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type OnDutyNowRequest, type OnDutyRecord } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';
import { IdentityDirectory } from './identity-directory.js';
import { systemContext } from './system-context.js';

const LookupTimeoutMs = 5_000;
/** An inbound message waits at most this long for the opt-out words. */
const WordsTimeoutMs = 2_000;
/** How stale a company's opt-out words may be (a settings change applies within this). */
const WordsFreshMs = 30_000;

/**
 * What tickets reads from campaigns: who is on duty (campaigns owns the on-duty staff) and the
 * company's campaign opt-out words.
 */
@Injectable()
export class CampaignsDirectory {
  private readonly words = new Map<number, { at: number; words: Promise<string[]> }>();

  constructor(
    @Inject(BUS) private readonly bus: Bus,
    private readonly identity: IdentityDirectory,
  ) {}

  /**
   * The company's opt-out words (kept WordsFreshMs). Campaigns not answering (down, or not deployed)
   * is an empty list: the message then goes through the bot as any other.
   */
  optOutWords(companyId: number): Promise<string[]> {
    const cached = this.words.get(companyId);
    if (cached && Date.now() - cached.at < WordsFreshMs) return cached.words;
    const words = this.bus
      .request(
        Subjects.campaigns.optOutWords,
        { ctx: systemContext(companyId), data: {} },
        { timeoutMs: WordsTimeoutMs },
      )
      .then((reply) => reply.words)
      .catch(() => {
        this.words.delete(companyId);
        return [] as string[];
      });
    this.words.set(companyId, { at: Date.now(), words });
    return words;
  }

  /** The staff on duty at `at`, the windows read in the company's own time zone. */
  async onDuty(companyId: number, at: Date): Promise<OnDutyRecord[]> {
    const ctx = systemContext(companyId);
    const { timeZone } = await this.identity.hours(ctx);
    const data: OnDutyNowRequest = { companyId, at: at.toISOString(), timeZone };
    const reply = await this.bus.request(
      Subjects.campaigns.onDutyNow,
      { ctx, data },
      { timeoutMs: LookupTimeoutMs },
    );
    return reply.entries;
  }
}
