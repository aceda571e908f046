import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  SendIdempotencyKeyMaxLength,
  SendRefusalReasons,
  type SendMessageCommand,
  type SendMessageResult,
  type SendRefusalDetails,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { ENV, LOGGER } from '@sb/platform/nest';
import { Poller, PollingProvider } from '@sb/platform/poller';
import { keyPeerOf, verdictOf } from './send-key-rules.js';
import { SendKeysRepository } from './send-keys.repository.js';

type Env = Record<string, string | undefined>;

/**
 * How long an attempt holds its key (CONNECTORS_SEND_KEY_LEASE_MS): longer than the slowest send can
 * take in a live worker (the governor's queue, four tries of 15 s each, a media upload before the send).
 */
const DefaultLeaseMs = 300_000;
/** A repeat waits this long at most for the attempt in flight, then asks its sender to try later. */
const InFlightWaitMs = 30_000;
const InFlightPollMs = 50;
const KeepDays = 30;
const HourMs = 3_600_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `connectors.message.send` with an `idempotencyKey`: the channel is called once per company and key.
 * The attempt claims the key (one INSERT, committed before the channel is called, so of two concurrent
 * attempts only one reaches the channel), calls the channel and records its answer under the key
 * (right after answering the sender); a repeat answers that record without calling the channel, and
 * one arriving while the first is in flight waits for its outcome.
 *
 * Failures: an attempt the channel path answered with an error (refused, connection down, retries
 * exhausted) frees its key, since the governor already treats those as not sent and retries them. An
 * attempt cut off while calling the channel (its worker killed) leaves its claim behind; once the
 * claim's lease runs out nobody can tell whether the channel took the message, and it is never sent
 * again: the repeat is refused with reason `outcome_unknown` (the sender's report shows it), at most
 * once rather than maybe twice.
 */
@Injectable()
export class IdempotentSends extends PollingProvider {
  protected readonly poller: Poller;
  private readonly leaseMs: number;
  /** answers recorded under their keys after the sender got them */
  private readonly recording = new Set<Promise<void>>();

  constructor(
    private readonly keys: SendKeysRepository,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ENV) env: Env,
  ) {
    super();
    const lease = Number(env.CONNECTORS_SEND_KEY_LEASE_MS);
    this.leaseMs = Number.isFinite(lease) && lease > 0 ? lease : DefaultLeaseMs;
    this.poller = new Poller({
      name: 'send keys prune',
      everyMs: HourMs,
      pass: () => this.keys.prune(KeepDays),
      logger,
    });
  }

  /** `send` once for the command's key in this company (the command must carry a key). */
  async once(
    companyId: number,
    command: SendMessageCommand,
    send: () => Promise<SendMessageResult>,
  ): Promise<SendMessageResult> {
    const key = command.idempotencyKey ?? '';
    if (key.length === 0 || key.length > SendIdempotencyKeyMaxLength) {
      throw new AppError('ERR_VALIDATION', {
        fields: { idempotencyKey: [`1 to ${SendIdempotencyKeyMaxLength} characters`] },
      });
    }
    const target = { connectionId: command.connectionId, peer: keyPeerOf(command.peer) };
    const waitUntil = Date.now() + InFlightWaitMs;
    for (;;) {
      const claim = randomUUID();
      if (await this.keys.claim(companyId, key, target, claim, this.leaseMs)) {
        return this.attempt(companyId, key, claim, send);
      }
      const row = await this.keys.find(companyId, key);
      // freed by a failed attempt between our claim and this read: claim it again
      if (!row) continue;
      const verdict = verdictOf(row, target, new Date());
      switch (verdict.kind) {
        case 'sent':
          return verdict.result;
        case 'other_message':
          throw new AppError('ERR_VALIDATION', {
            fields: { idempotencyKey: ['Already used for another message'] },
          });
        case 'unknown': {
          const details: SendRefusalDetails = {
            refused: true,
            reason: SendRefusalReasons.outcomeUnknown,
          };
          throw new AppError('ERR_SENDING_WAPP_MSG', { details });
        }
        case 'in_flight':
          // not refused: the sender tries again later and then finds the outcome
          if (Date.now() >= waitUntil) {
            throw new AppError('ERR_SENDING_WAPP_MSG', {
              details: { reason: 'an earlier attempt with this idempotency key is in flight' },
            });
          }
          await sleep(InFlightPollMs);
      }
    }
  }

  private async attempt(
    companyId: number,
    key: string,
    claim: string,
    send: () => Promise<SendMessageResult>,
  ): Promise<SendMessageResult> {
    let result: SendMessageResult;
    try {
      result = await send();
    } catch (err) {
      await this.keys.release(companyId, key, claim).catch((error: unknown) => {
        // the claim then runs out as an unknown outcome: never a second send
        this.logger.error({ err: error, companyId }, 'a failed send could not free its key');
      });
      throw err;
    }
    // recorded behind the answer, off the sender's path: the sender records the send itself, so the
    // key's record is needed only by a repeat, which waits for it meanwhile (in flight)
    const recording = this.keys.finish(companyId, key, claim, result).catch((err: unknown) => {
      // a repeat of the key then finds its outcome unknown, never a second send
      this.logger.error({ err, companyId }, 'a sent message could not be recorded under its key');
    });
    this.recording.add(recording);
    void recording.finally(() => this.recording.delete(recording));
    return result;
  }

  /** A stopping worker writes the records still on their way first. */
  override async onModuleDestroy(): Promise<void> {
    await Promise.all(this.recording);
    await super.onModuleDestroy();
  }
}
