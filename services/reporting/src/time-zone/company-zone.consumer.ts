import { feedConsumer } from '@sb/platform/nest';
import { CompanyZoneService } from './company-zone.service.js';

/** Follows identity's company events for their time zone (one durable consumer, from the stream's start). */
export const CompanyZoneConsumer = feedConsumer(
  // one filter per consumer (NATS 2.9); deletions carry no zone and are skipped
  { durable: 'reporting-company-zones', filter: 'evt.*.identity.company.*' },
  CompanyZoneService,
  (zones, event, manager) => zones.applyCompanyEvent(event, manager),
);
