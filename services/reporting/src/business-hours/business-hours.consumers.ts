import { feedConsumer } from '@sb/platform/nest';
import { BusinessHoursService } from './business-hours.service.js';

/*
 * The durable consumers of the hours (NATS 2.9 takes one filter per consumer). Like the company zones
 * they are not part of a projection rebuild: they hold what the owners last announced, which a replay
 * of the stream's retention could only lose.
 */

/** identity's company events, for the company's grid. */
export const CompanyHoursConsumer = feedConsumer(
  { durable: 'reporting-company-hours', filter: 'evt.*.identity.company.*' },
  BusinessHoursService,
  (hours, event, manager) => hours.applyCompanyEvent(event, manager),
);

/** identity's settings events, for the company's schedule type. */
export const ScheduleTypeConsumer = feedConsumer(
  { durable: 'reporting-schedule-types', filter: 'evt.*.identity.settings.updated' },
  BusinessHoursService,
  (hours, event, manager) => hours.applySettingEvent(event, manager),
);

/** tickets' queue events, for each queue's grid. */
export const QueueHoursConsumer = feedConsumer(
  { durable: 'reporting-queue-hours', filter: 'evt.*.tickets.queue.*' },
  BusinessHoursService,
  (hours, event, manager) => hours.applyQueueEvent(event, manager),
);
