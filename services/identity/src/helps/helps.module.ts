import { Module } from '@nestjs/common';
import { HelpsRepository } from './helps.repository.js';
import { HelpsService } from './helps.service.js';

@Module({ providers: [HelpsRepository, HelpsService] })
export class HelpsModule {}
