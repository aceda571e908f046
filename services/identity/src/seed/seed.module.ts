import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { SeedRepository } from './seed.repository.js';
import { SeedService } from './seed.service.js';

@Module({
  imports: [UsersModule],
  providers: [SeedRepository, SeedService],
  exports: [SeedService],
})
export class SeedModule {}
