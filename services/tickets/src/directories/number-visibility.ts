import { Injectable } from '@nestjs/common';
import { shouldHideNumber, visibleContactNumber, type RequestContext } from '@sb/contracts';
import { IdentityDirectory } from './identity-directory.js';

/** What one call needs to know about numbers: masked in its events, masked in its own answer. */
export type NumberHiding = { company: boolean; caller: boolean };

/**
 * The only reader of lgpdHideNumber in tickets (spec 1 §5, spec 2 §6), through `shouldHideNumber`. The
 * setting lives in identity; its replica here changes with identity's event, so a change applies at once.
 * Identity not answering reads as '' and hides (fail closed).
 */
@Injectable()
export class NumberVisibility {
  constructor(private readonly identity: IdentityDirectory) {}

  /** company: socket events (every profile receives them) are masked; caller: this caller's answer is. */
  async of(ctx: RequestContext): Promise<NumberHiding> {
    const setting = await this.identity.setting(ctx, 'lgpdHideNumber');
    return {
      company: shouldHideNumber(setting, 'broadcast'),
      caller: shouldHideNumber(setting, ctx.profile),
    };
  }

  /** Whether this caller's own answer masks numbers. */
  async masksFor(ctx: RequestContext): Promise<boolean> {
    return (await this.of(ctx)).caller;
  }

  /** Whether socket events of this company mask numbers. */
  async masksEvents(ctx: RequestContext): Promise<boolean> {
    return (await this.of(ctx)).company;
  }

  mask(number: string, isGroup: boolean, hide: boolean): string {
    return visibleContactNumber(number, isGroup, hide);
  }
}
