import type { PlantaoDay, PlantaoRecord } from '@sb/contracts';

/** A row of campaigns.plantao (the service reads and writes it with plain SQL, as schedules do). */
export type PlantaoRow = {
  id: number;
  company_id: number;
  user_id: number;
  /** the user's name when the entry was saved */
  user_name: string;
  /** digits only */
  phone: string;
  interval_minutes: number;
  days: PlantaoDay[];
  created_at: Date;
  updated_at: Date;
};

/** What a create or an update writes. */
export type PlantaoWrite = {
  userId: number;
  userName: string;
  phone: string;
  interval: number;
  days: PlantaoDay[];
};

export const toPlantaoRecord = (row: PlantaoRow): PlantaoRecord => ({
  id: row.id,
  userId: row.user_id,
  user: { id: row.user_id, name: row.user_name },
  phone: row.phone,
  interval: row.interval_minutes,
  days: row.days,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});
