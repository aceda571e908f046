import { Injectable } from '@nestjs/common';
import { maskContactNumber, type RequestContext } from '@sb/contracts';
import { IdentityDirectory } from '../directories/identity-directory.js';

/**
 * lgpdHideNumber (spec 1 §5, spec 2 §6): profile user sees contact numbers masked, groups excepted. The
 * setting lives in identity; its replica here changes with identity's event, so a change applies at once.
 */
@Injectable()
export class NumberVisibility {
  constructor(private readonly identity: IdentityDirectory) {}

  /** company: the setting is on (socket events are masked); caller: this caller sees masked numbers. */
  async of(ctx: RequestContext): Promise<{ company: boolean; caller: boolean }> {
    const company = await this.identity.hidesNumbers(ctx);
    return { company, caller: company && ctx.profile === 'user' };
  }

  /** Whether numbers must be masked for this caller (only the user profile is ever masked). */
  async masksFor(ctx: RequestContext): Promise<boolean> {
    if (ctx.profile !== 'user') return false;
    return (await this.of(ctx)).caller;
  }

  mask(number: string, isGroup: boolean, hide: boolean): string {
    return hide ? maskContactNumber(number, isGroup) : number;
  }
}
