import { Subjects } from '@sb/contracts';
import { ownedRefsHandler } from '@sb/platform/refs';

/**
 * The ownership check for the kinds campaigns owns. Campaigns themselves do not exist yet, so every
 * campaign id is missing.
 */
export const RefsHandler = ownedRefsHandler(Subjects.campaigns.refsCheck, {
  contactList: 'contact_lists',
  contactListItem: 'contact_list_items',
});
