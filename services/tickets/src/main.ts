import 'reflect-metadata';
import { runServiceMain } from '@sb/platform/nest';
import { startTicketsService } from './index.js';

await runServiceMain('tickets', startTicketsService);
