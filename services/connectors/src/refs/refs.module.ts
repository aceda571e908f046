import { Module } from '@nestjs/common';
import { OwnedRefsRepository } from './owned-refs.repository.js';
import { RefsHandler } from './refs.handler.js';

@Module({ providers: [OwnedRefsRepository, RefsHandler] })
export class RefsModule {}
