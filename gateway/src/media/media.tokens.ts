import type { ObjectStorage, UrlSigner } from '@sb/storage';

/** The object storage uploads go to and /media reads from. */
export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');
/** Verifies the `/media/<key>?exp=&sig=` URLs identity hands out. */
export const MEDIA_SIGNER = Symbol('MEDIA_SIGNER');

export type MediaDeps = { storage: ObjectStorage; signer: UrlSigner };

/** Largest profile picture accepted (spec: images up to 5 MB). */
export const MaxProfileImageBytes = 5 * 1024 * 1024;
