import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A refresh token that was rotated away: seeing it again means the family leaked. */
@Entity({ name: 'session_rotated_tokens' })
export class RotatedToken {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId!: string;

  @Column({ name: 'rotated_at', type: 'timestamptz' })
  rotatedAt!: Date;
}
