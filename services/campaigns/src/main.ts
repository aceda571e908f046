import 'reflect-metadata';
import { runServiceMain } from '@sb/platform/nest';
import { startCampaignsService } from './index.js';

await runServiceMain('campaigns', startCampaignsService);
