import { Module } from '@nestjs/common';
import { SeedRepository } from './seed.repository.js';
import { SeedService } from './seed.service.js';

@Module({ providers: [SeedRepository, SeedService], exports: [SeedService] })
export class SeedModule {}
