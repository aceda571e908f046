import type { MigrationInterface } from 'typeorm';

type MigrationClass = new () => MigrationInterface;

/**
 * tickets's own migrations, oldest first. None yet: the platform migrations (outbox and processed-event
 * tables) already run in this service's schema at boot, which is all the service stores so far.
 */
export const ticketsMigrations: MigrationClass[] = [];
