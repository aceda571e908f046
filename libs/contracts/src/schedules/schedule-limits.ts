// The schedules' plain constants, apart from the zod schemas in schedules.ts: a web page that needs a
// constant (the ticket's schedule dialog) then does not bring zod with it.

export const ScheduleStatuses = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof ScheduleStatuses)[number];

export const ScheduleBodyMin = 5;
export const ScheduleBodyMax = 5000;
/** The form's default send time: one hour ahead (spec 1 §5). */
export const ScheduleDefaultLeadMs = 60 * 60 * 1000;
/** A new schedule's time may lag "now" by this much (the browser's clock, the time to submit). */
export const ScheduleClockSkewMs = 60 * 1000;
/** The list shows the body cut to this many characters plus an ellipsis (spec 3 §9). */
export const ScheduleBodyPreviewChars = 25;
export const SchedulePageSize = 20;
