import type { Message } from './message.entity.js';

/** What deleting a message for everyone changes on the stored row. */
export type DeletedMessageChange = Partial<
  Pick<Message, 'isDeleted' | 'body' | 'mediaKey' | 'mediaName'>
>;

/**
 * lgpdDeleteMessage: when enabled a deleted message's text and file are erased for good (the contact's
 * right to have it gone); otherwise it stays readable to the agents, marked deleted, as the contact's
 * words still explain the conversation.
 */
export const deletedMessageChange = (eraseContent: boolean): DeletedMessageChange =>
  eraseContent
    ? { isDeleted: true, body: '', mediaKey: null, mediaName: null }
    : { isDeleted: true };
