import { Module } from '@nestjs/common';
import { CampaignsDirectory } from './campaigns-directory.js';
import { ConnectorsDirectory } from './connectors-directory.js';
import { IdentityDirectory } from './identity-directory.js';
import { NumberVisibility } from './number-visibility.js';

/** One directory per service tickets reads from, each with one cache and one set of subscriptions. */
@Module({
  providers: [IdentityDirectory, ConnectorsDirectory, CampaignsDirectory, NumberVisibility],
  exports: [IdentityDirectory, ConnectorsDirectory, CampaignsDirectory, NumberVisibility],
})
export class DirectoriesModule {}
