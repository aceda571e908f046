/** A schedule's message needs 5 characters (spec 1 §5). */
export const MinScheduleBody = 5;

type ScheduleErrorKey = 'schedule.tooShort' | 'schedule.required';

/** The ticket's schedule form errors (keys of the tickets namespace), empty when it may be sent. */
export const scheduleErrors = (values: {
  body: string;
  sendAt: string;
}): Partial<Record<'body' | 'sendAt', ScheduleErrorKey>> => {
  const errors: Partial<Record<'body' | 'sendAt', ScheduleErrorKey>> = {};
  if (!values.body.trim()) errors.body = 'schedule.required';
  else if (values.body.trim().length < MinScheduleBody) errors.body = 'schedule.tooShort';
  if (!values.sendAt || Number.isNaN(new Date(values.sendAt).getTime()))
    errors.sendAt = 'schedule.required';
  return errors;
};
