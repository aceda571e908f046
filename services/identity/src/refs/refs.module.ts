import { Module } from '@nestjs/common';
import { REFS_CHECK } from '@sb/platform/nest';
import { OwnedRefsRepository } from './owned-refs.repository.js';
import { RefsHandler } from './refs.handler.js';

@Module({
  providers: [OwnedRefsRepository, RefsHandler, { provide: REFS_CHECK, useExisting: RefsHandler }],
})
export class RefsModule {}
