import type { Logger } from '@sb/platform/logger';
import type { CampaignsRepository, SentStep } from './campaigns.repository.js';

/** Records written together: at most this many, or whatever came within `DelayMs`. */
const MaxBatch = 250;
const DelayMs = 25;

/**
 * The marks of what the channel took (sent steps, delivered rows), written behind the sends in one
 * statement per batch instead of two per row. A mark still buffered when its worker dies is not lost
 * work: the row's lease runs out, another worker sends its steps again under the same keys, and the
 * connectors service answers those from its own record without calling the channel.
 */
export class SentRecords {
  private sent: SentStep[] = [];
  private delivered: number[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** the write in progress: writes go one after another, in order */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  step(step: SentStep): void {
    this.sent.push(step);
    this.schedule();
  }

  rowDelivered(shippingId: number): void {
    this.delivered.push(shippingId);
    this.schedule();
  }

  /** Writes what is buffered; resolves when every mark so far is written (or its write failed). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const sent = this.sent;
    const delivered = this.delivered;
    this.sent = [];
    this.delivered = [];
    this.writing = this.writing.then(() =>
      this.campaigns.recordSends(sent, delivered).catch((err: unknown) => {
        // the rows keep their lease and are sent again under their keys when it runs out
        this.logger.warn({ err, rows: delivered.length }, 'campaign sends not recorded');
      }),
    );
    return this.writing;
  }

  private schedule(): void {
    if (this.sent.length + this.delivered.length >= MaxBatch) {
      void this.flush();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), DelayMs);
    this.timer.unref();
  }
}
