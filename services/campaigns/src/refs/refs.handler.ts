import { Subjects } from '@sb/contracts';
import { ownedRefsHandler } from '@sb/platform/refs';

/** The ownership check for the kinds campaigns owns. */
export const RefsHandler = ownedRefsHandler(Subjects.campaigns.refsCheck, {
  contactList: 'contact_lists',
  contactListItem: 'contact_list_items',
  campaign: 'campaigns',
});
