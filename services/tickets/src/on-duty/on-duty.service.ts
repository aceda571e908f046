import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import { BOT_TEXTS } from '../bot/language/bot-language.module.js';
import type { BotTexts } from '../bot/language/bot-texts.js';
import { CampaignsDirectory } from '../directories/campaigns-directory.js';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { nextNotifyAt } from './on-duty-rules.js';
import { OnDutyRepository } from './on-duty.repository.js';

const BatchSize = 50;

/**
 * The on-duty alerts (BEHAVIOUR.md §5 step 6 "Plantão"): a pending ticket whose contact spoke last gets,
 * once its next alert time is reached, a WhatsApp text to every person on duty at that moment, and its
 * next alert moves the smallest of their intervals ahead. Nobody on duty: nothing is sent and nothing
 * moves, so the ticket is looked at again next poll.
 */
@Injectable()
export class OnDutyService {
  constructor(
    private readonly repository: OnDutyRepository,
    private readonly campaigns: CampaignsDirectory,
    private readonly connectors: ConnectorsDirectory,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(BOT_TEXTS) private readonly texts: BotTexts,
  ) {}

  companiesWithWaiting(now: Date): Promise<number[]> {
    return this.repository.companiesWithWaiting(now);
  }

  /** Alerts the company's waiting tickets at `now`; resolves with how many alerts were sent. */
  async alertCompany(companyId: number, now: Date): Promise<number> {
    const onDuty = await this.campaigns.onDuty(companyId, now);
    const next = nextNotifyAt(
      now,
      onDuty.map((entry) => entry.interval),
    );
    if (!next) return 0;
    let sent = 0;
    for (;;) {
      // claimed first, sent after: a ticket is alerted at most once per alert time
      const claimed = await this.repository.claim(companyId, now, next, BatchSize);
      for (const ticket of claimed) {
        // the alert text, in the bot language (its pt-BR is the reference's)
        const body = this.texts.onDutyAlert(ticket.id, ticket.contactName);
        for (const entry of onDuty) {
          try {
            await this.connectors.sendNotification(companyId, entry.phone, body);
            sent += 1;
          } catch (err) {
            // one unreachable phone or a connection down must not stop the others
            this.logger.warn(
              { err, companyId, ticketId: ticket.id, onDutyId: entry.id },
              'on-duty alert not sent',
            );
          }
        }
      }
      if (claimed.length < BatchSize) return sent;
    }
  }
}
