import type { RequestContext } from '@sb/contracts';
import { randomUUID } from 'node:crypto';

/** The context of work the service does on its own (bots, timers, inbound), not for a user. */
export const systemContext = (companyId: number, lang = 'pt-BR'): RequestContext => ({
  requestId: randomUUID(),
  companyId,
  userId: 0,
  profile: 'admin',
  super: false,
  lang,
});
