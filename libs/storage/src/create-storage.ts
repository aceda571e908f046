import { lazyStorage } from './lazy-storage.js';
import path from 'node:path';
import { z } from 'zod';
import { createDiskStorage } from './disk-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { createS3Storage, parseS3Endpoint, type S3StorageOptions } from './s3-storage.js';
import { StorageConfigError } from './storage.errors.js';
import type { UrlSigner } from './url-signer.js';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'use true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

// S3 bucket naming rules: 3-63 characters, lowercase letters, digits, dots and hyphens.
const bucketName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a valid S3 bucket name (3-63 lowercase chars)');

/** The variables `createStorage` reads; empty strings count as unset. */
export const storageEnvSchema = z
  .object({
    S3_ENDPOINT: z.string().optional(),
    S3_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    S3_USE_SSL: flag.optional(),
    S3_ACCESS_KEY: z.string().optional(),
    S3_SECRET_KEY: z.string().optional(),
    S3_BUCKET: bucketName.default('switchboard'),
    S3_REGION: z.string().default('us-east-1'),
    S3_PATH_STYLE: flag.optional(),
    /** Browser-facing S3 address when it differs from S3_ENDPOINT (presigned URLs use it). */
    S3_PUBLIC_ENDPOINT: z.string().optional(),
    MEDIA_DIR: z.string().optional(),
    DATA_DIR: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.S3_ENDPOINT === undefined) return;
    for (const name of ['S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
      if (env[name] === undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'required when S3_ENDPOINT is set' });
      }
    }
    for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT'] as const) {
      const value = env[name];
      if (value === undefined) continue;
      try {
        parseS3Endpoint(value);
      } catch (err) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: (err as StorageConfigError).problems[0],
        });
      }
    }
  });

export type StorageConfig =
  { driver: 'disk'; root: string } | ({ driver: 's3' } & S3StorageOptions);

/** Reads and validates the storage variables; throws `StorageConfigError` listing every problem. */
export function loadStorageConfig(
  env: Record<string, string | undefined> = process.env,
): StorageConfig {
  // Compose files and shells often export `S3_ENDPOINT=`: that means "not set".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = storageEnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new StorageConfigError(
      parsed.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`),
    );
  }
  const vars = parsed.data;
  if (vars.S3_ENDPOINT !== undefined) {
    return {
      driver: 's3',
      endpoint: vars.S3_ENDPOINT,
      port: vars.S3_PORT,
      useSSL: vars.S3_USE_SSL,
      accessKey: vars.S3_ACCESS_KEY as string,
      secretKey: vars.S3_SECRET_KEY as string,
      bucket: vars.S3_BUCKET,
      region: vars.S3_REGION,
      pathStyle: vars.S3_PATH_STYLE,
      publicEndpoint: vars.S3_PUBLIC_ENDPOINT,
    };
  }
  const root = vars.MEDIA_DIR ?? path.join(vars.DATA_DIR ?? './.data', 'media');
  return { driver: 'disk', root: path.resolve(root) };
}

export type CreateStorageOptions = {
  /** Gives the disk driver `signedUrl`; the gateway verifies with the same signer. */
  signer?: UrlSigner;
};

/**
 * S3/MinIO when `S3_ENDPOINT` is set, else files under `MEDIA_DIR` (default `DATA_DIR/media`, and
 * `./.data/media` without either). Fails at boot on a bad configuration or an unreachable bucket.
 */
export async function createStorage(
  env: Record<string, string | undefined> = process.env,
  { signer }: CreateStorageOptions = {},
): Promise<ObjectStorage> {
  const config = loadStorageConfig(env);
  if (config.driver === 'disk') return createDiskStorage({ root: config.root, signer });
  const { driver: _driver, ...s3 } = config;
  return createS3Storage(s3);
}

/** The storage `env` configures, opened on first use: for a process that may never store a file. */
export const storageOnFirstUse = (env: Record<string, string | undefined>): ObjectStorage =>
  lazyStorage(() => createStorage(env));
