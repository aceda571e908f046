import type { OnDutyDay, OnDutyRecord } from '@sb/contracts';

/** A row of campaigns.plantao (the service reads and writes it with plain SQL, as schedules do). */
export type OnDutyRow = {
  id: number;
  company_id: number;
  user_id: number;
  /** the user's name when the entry was saved */
  user_name: string;
  /** digits only */
  phone: string;
  interval_minutes: number;
  days: OnDutyDay[];
  created_at: Date;
  updated_at: Date;
};

/** What a create or an update writes. */
export type OnDutyWrite = {
  userId: number;
  userName: string;
  phone: string;
  interval: number;
  days: OnDutyDay[];
};

export const toOnDutyRecord = (row: OnDutyRow): OnDutyRecord => ({
  id: row.id,
  userId: row.user_id,
  user: { id: row.user_id, name: row.user_name },
  phone: row.phone,
  interval: row.interval_minutes,
  days: row.days,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});
