import { Module } from '@nestjs/common';

/** The tickets service's root module; its domain modules are added by the issues that build them. */
@Module({})
export class TicketsModule {}
