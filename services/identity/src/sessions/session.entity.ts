import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyIdColumn, CreatedAtColumn } from '@sb/platform/db';

/** A refresh-token family: one login, rotated on every refresh, revoked as a whole. */
@Entity({ name: 'sessions' })
export class Session {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @CompanyIdColumn()
  companyId!: number;

  /** sha256 of the only refresh token of this family that may still be used */
  @Column({ name: 'current_token_hash', type: 'char', length: 64, unique: true })
  currentTokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** when the last access token issued for this session expires (bounds the revoked list) */
  @Column({ name: 'access_expires_at', type: 'timestamptz' })
  accessExpiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 20, nullable: true })
  revokedReason!: SessionRevokedReason | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 500, nullable: true })
  userAgent!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;
}

export type SessionRevokedReason =
  'logout' | 'reuse' | 'password-reset' | 'company-disabled' | 'company-deleted';
