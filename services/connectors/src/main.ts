import 'reflect-metadata';
import { runServiceMain } from '@sb/platform/nest';
import { startConnectorsService } from './index.js';

await runServiceMain('connectors', startConnectorsService);
