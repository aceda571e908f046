import { Module } from '@nestjs/common';
import { HelpsHandler } from './helps.handler.js';
import { HelpsRepository } from './helps.repository.js';
import { HelpsService } from './helps.service.js';

@Module({ providers: [HelpsRepository, HelpsService, HelpsHandler] })
export class HelpsModule {}
