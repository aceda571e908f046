import 'reflect-metadata';
import { runServiceMain } from '@sb/platform/nest';
import { startReportingService } from './index.js';

await runServiceMain('reporting', startReportingService);
