import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { AgentAvailabilityService } from './agent-availability.service.js';
import { ProfileImageUrls } from './profile-image-urls.js';
import { QueueReplicaConsumer } from './queue-replica.consumer.js';
import { QueueReplicaRepository } from './queue-replica.repository.js';
import { SessionUserLoader } from './session-user.loader.js';
import { UserCreation } from './user-creation.js';
import { UserPublicationBackfill } from './user-publication-backfill.js';
import { UserRecords } from './user-records.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [CompaniesModule, SettingsModule],
  providers: [
    UsersRepository,
    ProfileImageUrls,
    SessionUserLoader,
    UserRecords,
    UserCreation,
    UserPublicationBackfill,
    UsersService,
    AgentAvailabilityService,
    QueueReplicaRepository,
    QueueReplicaConsumer,
  ],
  exports: [UsersRepository, SessionUserLoader, ProfileImageUrls, UserRecords, UserCreation],
})
export class UsersModule {}
