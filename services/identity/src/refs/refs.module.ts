import { Subjects } from '@sb/contracts';
import { OwnedRefsModule } from '@sb/platform/refs';

/** The ownership check of identity's records: users. */
export const RefsModule = OwnedRefsModule.forService(Subjects.identity.refsCheck, {
  user: 'users',
});
