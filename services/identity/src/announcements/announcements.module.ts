import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AnnouncementsRepository } from './announcements.repository.js';
import { AnnouncementsService } from './announcements.service.js';

@Module({
  imports: [UsersModule],
  providers: [AnnouncementsRepository, AnnouncementsService],
})
export class AnnouncementsModule {}
