import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { MediaStorage } from '../media/media-storage.js';
import { DataErasureRepository } from './data-erasure.repository.js';
import { removableMediaKeys } from './media-cleanup-rules.js';

/**
 * The files of deleted messages: chosen in the transaction that deleted them (what no remaining message
 * shows), removed from the store after it committed, so a rolled back delete never loses a file.
 */
@Injectable()
export class MediaCleanup {
  constructor(
    private readonly repository: DataErasureRepository,
    private readonly storage: MediaStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The keys to remove once `manager`'s transaction commits. */
  async unusedKeys(
    manager: EntityManager,
    companyId: number,
    removedKeys: (string | null)[],
  ): Promise<string[]> {
    const keys = removedKeys.filter((key): key is string => !!key);
    if (!keys.length) return [];
    const stillUsed = await this.repository.mediaKeysInUse(manager, companyId, [...new Set(keys)]);
    return removableMediaKeys(companyId, keys, stillUsed);
  }

  /** Removes the objects (removing a missing one succeeds); a failure is logged and the rest go on. */
  async remove(companyId: number, keys: string[]): Promise<number> {
    if (!keys.length) return 0;
    const storage = await this.storage.get();
    let removed = 0;
    for (const key of keys) {
      try {
        await storage.remove(key);
        removed += 1;
      } catch (err) {
        this.logger.warn({ err, companyId }, 'erased message file not removed');
      }
    }
    return removed;
  }
}
