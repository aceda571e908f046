import { Module } from '@nestjs/common';
import { ConnectorsDirectory } from './connectors-directory.js';
import { IdentityDirectory } from './identity-directory.js';
import { TicketsDirectory } from './tickets-directory.js';

/** One directory per service campaigns reads from, shared by its domain modules. */
@Module({
  providers: [IdentityDirectory, TicketsDirectory, ConnectorsDirectory],
  exports: [IdentityDirectory, TicketsDirectory, ConnectorsDirectory],
})
export class DirectoriesModule {}
