import { Module } from '@nestjs/common';
import { RefsModule } from './refs/refs.module.js';
import type { ObjectType } from 'typeorm';
import { Connection, ConnectionQueue } from './connections/connection.entity.js';
import { ConnectionsModule } from './connections/connections.module.js';
import { MetaModule } from './meta/meta.module.js';
import { WhatsappModule } from './baileys/baileys.module.js';
import { FencingModule } from './fencing/fencing.module.js';

/** The connectors service's entities (each domain folder adds its own). */
export const connectorsEntities: ObjectType<unknown>[] = [Connection, ConnectionQueue];

/** The connectors service's root module: one imported module per domain folder. */
@Module({
  imports: [RefsModule, ConnectionsModule, MetaModule, WhatsappModule, FencingModule],
})
export class ConnectorsModule {}
