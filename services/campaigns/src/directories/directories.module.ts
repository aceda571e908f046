import { Module } from '@nestjs/common';
import { IdentityDirectory } from './identity-directory.js';
import { TicketsDirectory } from './tickets-directory.js';

/** One directory per service campaigns reads from, shared by its domain modules. */
@Module({
  providers: [IdentityDirectory, TicketsDirectory],
  exports: [IdentityDirectory, TicketsDirectory],
})
export class DirectoriesModule {}
