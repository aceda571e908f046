import type { ChatSocketPayload, SessionUser } from '@sb/contracts';
import { useCompanyEvents } from '../../api/use-company-events.js';
import { playChatSound } from './chat-sound.js';
import { FirstChatPage, useListChatsQuery } from './chats.api.js';

/**
 * Mounted by the shell when the plan has internal chat: keeps the first page of the user's chats
 * loaded (the drawer's unread dot and the top bar's popover read it) and chimes, at the volume
 * setting, when someone else writes in one of their chats.
 */
export const ChatsWatcher = ({ user }: { user: Pick<SessionUser, 'id' | 'companyId'> }) => {
  useListChatsQuery(FirstChatPage);
  useCompanyEvents(user.companyId, 'chat', (payload: ChatSocketPayload) => {
    if (payload?.action === 'new-message' && payload.newMessage.senderId !== user.id) {
      playChatSound();
    }
  });
  return null;
};
