import { describeServiceBoot } from '@sb/testing';
import { startReportingService } from '../src/index.js';

describeServiceBoot('reporting', startReportingService);
