import { Module } from '@nestjs/common';
import { REFS_CHECK } from '@sb/platform/nest';
import { DirectoriesModule } from '../directories/directories.module.js';
import { RefsHandler } from './refs.handler.js';

@Module({
  imports: [DirectoriesModule],
  providers: [RefsHandler, { provide: REFS_CHECK, useExisting: RefsHandler }],
})
export class RefsModule {}
