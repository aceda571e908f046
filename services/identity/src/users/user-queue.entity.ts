import { Entity, PrimaryColumn } from 'typeorm';

/** A user's queues, by id only: tickets owns the queues themselves. */
@Entity({ name: 'user_queues' })
export class UserQueue {
  @PrimaryColumn({ name: 'user_id', type: 'integer' })
  userId!: number;

  @PrimaryColumn({ name: 'queue_id', type: 'integer' })
  queueId!: number;
}
