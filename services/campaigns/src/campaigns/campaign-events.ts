import { DomainEventTypes, type CampaignEventData, type CampaignRecord } from '@sb/contracts';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';

/** Writes a campaign's created or updated event in the caller's transaction. */
export const announceCampaign = async (
  manager: EntityManager,
  record: CampaignRecord,
  action: 'created' | 'updated',
): Promise<void> => {
  const data: CampaignEventData = { record };
  const type =
    action === 'created'
      ? DomainEventTypes.campaigns.campaignCreated
      : DomainEventTypes.campaigns.campaignUpdated;
  await Outbox.add(manager, { companyId: record.companyId, ...type, data });
};
