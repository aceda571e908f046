import { describeServiceBoot } from '@sb/testing';
import { startConnectorsService } from '../src/index.js';

describeServiceBoot('connectors', startConnectorsService);
