import type { ConnectionRecord } from '@sb/contracts';
import type { DriverConnection } from '../drivers/channel-driver.js';
import type { Connection } from './connection.entity.js';

/** The published shape: everything but the channel secrets and the routing key. */
export function toConnectionRecord(row: Connection, queueIds: number[]): ConnectionRecord {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    number: row.number,
    channel: row.channel,
    status: row.status,
    isDefault: row.isDefault,
    qrcode: row.qrcode,
    retries: row.retries,
    updatedAt: row.updatedAt.toISOString(),
    token: row.token,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    provider: row.provider,
    maxUseBotQueues: row.maxUseBotQueues,
    timeUseBotQueues: row.timeUseBotQueues,
    expiresTicket: row.expiresTicket,
    expiresTicketNPS: row.expiresTicketNPS,
    whenExpiresTicket: row.whenExpiresTicket,
    expiresInactiveMessage: row.expiresInactiveMessage,
    timeInactiveMessage: row.timeInactiveMessage,
    inactiveMessage: row.inactiveMessage,
    maxUseBotQueuesNPS: row.maxUseBotQueuesNPS,
    timeSendQueue: row.timeSendQueue,
    sendIdQueue: row.sendIdQueue,
    timeCreateNewTicket: row.timeCreateNewTicket,
    allowGroup: row.allowGroup,
    groupAsTicket: row.groupAsTicket,
    greetingMediaAttachment: row.greetingMediaAttachment,
    importOldMessages: row.importOldMessages,
    importRecentMessages: row.importRecentMessages,
    importOldMessagesGroups: row.importOldMessagesGroups,
    closedTicketsPostImported: row.closedTicketsPostImported,
    statusImportMessages: row.statusImportMessages,
    integrationId: row.integrationId,
    promptId: row.promptId,
    queueIds: [...queueIds].sort((a, b) => a - b),
    schedules: row.schedules,
    sendLimits: row.sendLimits,
    // the ids are no secret and the edit dialog shows them; the access token stays here
    cloudApi:
      row.channel === 'whatsappapi'
        ? {
            phoneNumberId: row.credentials?.phoneNumberId ?? '',
            businessAccountId: row.credentials?.businessAccountId ?? '',
          }
        : null,
  };
}

export function toDriverConnection(row: Connection): DriverConnection {
  return {
    id: row.id,
    companyId: row.companyId,
    channel: row.channel,
    name: row.name,
    credentials: row.credentials,
  };
}
