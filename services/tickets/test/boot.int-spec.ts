import { describeServiceBoot } from '@sb/testing';
import { startTicketsService } from '../src/index.js';

describeServiceBoot('tickets', startTicketsService);
