import { describeServiceBoot } from '@sb/testing';
import { startCampaignsService } from '../src/index.js';

describeServiceBoot('campaigns', startCampaignsService);
