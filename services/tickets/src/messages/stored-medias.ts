import { MessageMediaTypes } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { keyBelongsToCompany } from '@sb/storage';
import { z } from 'zod';

/** A file the gateway stored for an outgoing message (it travels as its storage key). */
export const StoredMediaInput = z.object({
  key: z.string().min(1).max(1000),
  mimeType: z.string().max(255),
  fileName: z.string().max(255),
  size: z.number().int().nonnegative(),
  mediaType: z.enum(MessageMediaTypes),
});

/** Refuses files stored under another company's keys (as unknown files). */
export function requireOwnMedias(medias: { key: string }[], companyId: number): void {
  if (medias.some((media) => !keyBelongsToCompany(media.key, companyId))) {
    throw new AppError('ERR_VALIDATION', { fields: { medias: ['Unknown file'] } });
  }
}
