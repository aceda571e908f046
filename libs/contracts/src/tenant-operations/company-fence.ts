/**
 * Fencing (ARCHITECTURE.md §9): while a tenant operation takes a consistent cut of a company, the
 * company is fenced. Its users get 503 ERR_COMPANY_MAINTENANCE, its sessions and inbound webhooks wait,
 * its campaigns and schedules wait; nothing else notices.
 */

/** `identity.company.fenced` and `identity.company.unfenced`: which operation holds (held) the fence. */
export type CompanyFenceEventData = { companyId: number; operationId: string };

/** One fenced company, as `identity.company.fenced-list` answers it. */
export type CompanyFence = { companyId: number; operationId: string; fencedAt: string };

/** How long the gateway tells a fenced company's clients to wait before they try again (seconds). */
export const CompanyMaintenanceRetryAfterSeconds = 30;

/** The socket payload of `company-<id>-maintenance`: the fence went up or came down. */
export type MaintenanceSocketPayload = { action: 'start' | 'end' };
