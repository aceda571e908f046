import { Column, CreateDateColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

// The columns most tables declare the same way; the mapping (names, types, nullability) matches the
// migrations, so an entity written with these maps exactly as one that spells them out.

/** `company_id integer NOT NULL`: the tenant of the row. */
export const CompanyIdColumn = (): PropertyDecorator =>
  Column({ name: 'company_id', type: 'integer' });

/** `created_at timestamptz NOT NULL DEFAULT now()`, set by TypeORM on insert. */
export const CreatedAtColumn = (): PropertyDecorator =>
  CreateDateColumn({ name: 'created_at', type: 'timestamptz' });

/** `updated_at timestamptz NOT NULL DEFAULT now()`, bumped by TypeORM on every save. */
export const UpdatedAtColumn = (): PropertyDecorator =>
  UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' });

/** A row with a serial id and created_at / updated_at (platform-wide tables, no company). */
export abstract class TimestampedRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}

/** A company's row: a serial id, its company_id and created_at / updated_at. */
export abstract class CompanyRow extends TimestampedRow {
  @CompanyIdColumn()
  companyId!: number;
}
