import 'reflect-metadata';
import { runServiceMain } from '@sb/platform/nest';
import { startIdentityService } from './index.js';

await runServiceMain('identity', startIdentityService);
