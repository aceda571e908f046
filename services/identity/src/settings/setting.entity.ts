import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Platform-wide settings (e.g. userCreation), managed by the super user. */
@Entity({ name: 'settings' })
export class Setting {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  key!: string;

  @Column({ type: 'text' })
  value!: string;
}
