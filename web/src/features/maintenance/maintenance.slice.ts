import { CompanyMaintenanceRetryAfterSeconds } from '@sb/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The company is fenced by a tenant operation (an export, a move): the gateway answers its users 503
 * ERR_COMPANY_MAINTENANCE with Retry-After, and the socket says when it starts and ends. While
 * `active`, the app shows the maintenance screen instead of the page, and checks every `retryAfter`
 * seconds whether it ended.
 */
export type MaintenanceState = { active: boolean; retryAfter: number };

export const initialMaintenanceState = (): MaintenanceState => ({
  active: false,
  retryAfter: CompanyMaintenanceRetryAfterSeconds,
});

export const maintenanceSlice = createSlice({
  name: 'maintenance',
  initialState: initialMaintenanceState,
  reducers: {
    maintenanceStarted: (_state, action: PayloadAction<{ retryAfter?: number } | undefined>) => ({
      active: true,
      retryAfter: action.payload?.retryAfter ?? CompanyMaintenanceRetryAfterSeconds,
    }),
    maintenanceEnded: () => initialMaintenanceState(),
  },
});

export const { maintenanceStarted, maintenanceEnded } = maintenanceSlice.actions;

export const selectMaintenance = (state: { maintenance: MaintenanceState }) => state.maintenance;

/**
 * Whether an answer is the fenced company's 503 (its body names ERR_COMPANY_MAINTENANCE). Not
 * `isErrorBody`: that brings the whole error catalogue into every page's first load.
 */
export const isMaintenanceAnswer = (status: unknown, body: unknown): boolean =>
  status === 503 &&
  typeof body === 'object' &&
  body !== null &&
  (body as { error?: unknown }).error === 'ERR_COMPANY_MAINTENANCE';

/**
 * The seconds a Retry-After header asks to wait (a number of seconds; a date is not sent by the
 * gateway), never less than 5 nor more than 5 minutes; the default when absent or unreadable.
 */
export const retryAfterSeconds = (header: string | null | undefined): number => {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds)) return CompanyMaintenanceRetryAfterSeconds;
  return Math.min(Math.max(Math.round(seconds), 5), 300);
};
