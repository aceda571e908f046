import { Module } from '@nestjs/common';
import { REFS_CHECK } from '@sb/platform/nest';
import { DirectoriesModule } from '../directories/directories.module.js';
import { OwnedRefsRepository } from './owned-refs.repository.js';
import { RefsHandler } from './refs.handler.js';

@Module({
  imports: [DirectoriesModule],
  providers: [OwnedRefsRepository, RefsHandler, { provide: REFS_CHECK, useExisting: RefsHandler }],
})
export class RefsModule {}
