import { Module } from '@nestjs/common';
import { PlantaoDirectory } from './plantao-directory.js';
import { PlantaoHandler } from './plantao.handler.js';
import { PlantaoRepository } from './plantao.repository.js';
import { PlantaoService } from './plantao.service.js';

/** On-duty staff: CRUD over the bus and "who is on duty now" for the tickets service's alerts. */
@Module({ providers: [PlantaoRepository, PlantaoDirectory, PlantaoService, PlantaoHandler] })
export class PlantaoModule {}
