import { campaignAllFailed, type CampaignRecord, type CampaignShippingRecord } from '@sb/contracts';
import type { CampaignRow, ReportShippingRow } from './campaigns.repository.js';

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export const toCampaignRecord = (row: CampaignRow): CampaignRecord => {
  const counters = {
    total: row.shipping_total ?? 0,
    sent: row.shipping_sent ?? 0,
    delivered: row.shipping_delivered ?? 0,
    failed: row.shipping_failed ?? 0,
    optOuts: row.shipping_opt_outs ?? 0,
  };
  return {
    id: row.id,
    name: row.name,
    message1: row.message1,
    message2: row.message2,
    message3: row.message3,
    message4: row.message4,
    message5: row.message5,
    confirmationMessage1: row.confirmation_message1,
    confirmationMessage2: row.confirmation_message2,
    confirmationMessage3: row.confirmation_message3,
    confirmationMessage4: row.confirmation_message4,
    confirmationMessage5: row.confirmation_message5,
    status: row.status,
    confirmation: row.confirmation,
    scheduledAt: iso(row.scheduled_at),
    completedAt: iso(row.completed_at),
    contactListId: row.contact_list_id,
    tagListId: row.tag_list_id,
    whatsappId: row.whatsapp_ids.join(','),
    mediaPath: row.media_path,
    mediaName: row.media_name,
    templateName: row.template?.name ?? null,
    templateLanguage: row.template?.language ?? null,
    templateParameters: row.template?.parameters ?? [],
    companyId: row.company_id,
    contactList:
      row.contact_list_id !== null
        ? { id: row.contact_list_id, name: row.contact_list_name ?? '' }
        : null,
    tag: row.tag_list_id !== null ? { id: row.tag_list_id, name: row.tag_name ?? '' } : null,
    counters,
    allFailed: campaignAllFailed(row.status, counters),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
};

export const toShippingRecord = (row: ReportShippingRow): CampaignShippingRecord => ({
  id: row.id,
  campaignId: row.campaign_id,
  number: row.number,
  name: row.name,
  status: row.status,
  message: row.message,
  confirmationMessage: row.confirmation_message,
  whatsappId: row.whatsapp_id,
  confirmationRequestedAt: iso(row.confirmation_requested_at),
  confirmedAt: iso(row.confirmed_at),
  deliveredAt: iso(row.delivered_at),
  failedAt: iso(row.failed_at),
  error: row.error,
  repliedAt: iso(row.first_reply_at),
  replyCount: row.reply_count,
  optedOutAt: iso(row.opted_out_at),
});
