import { Subjects } from '@sb/contracts';
import { OwnedRefsModule } from '@sb/platform/refs';

/** The ownership check of connectors' records: connections. */
export const RefsModule = OwnedRefsModule.forService(Subjects.connectors.refsCheck, {
  connection: 'connections',
});
