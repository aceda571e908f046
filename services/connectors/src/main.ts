import 'reflect-metadata';
import { runServiceMain } from '@sb/platform/nest';
import { startConnectorsService } from './index.js';

runServiceMain('connectors', startConnectorsService);
