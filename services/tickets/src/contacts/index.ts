export { ContactsModule } from './contacts.module.js';
export { ContactsService } from './contacts.service.js';
export { NumberVisibility } from '../directories/number-visibility.js';
export { Contact, ContactExtraInfoRow, ContactImportJobRow } from './contact.entity.js';
