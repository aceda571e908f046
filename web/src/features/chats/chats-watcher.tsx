import { socketEvent, type ChatSocketPayload, type SessionUser } from '@sb/contracts';
import { useEffect } from 'react';
import { onSocket } from '../../api/socket.js';
import { playChatSound } from './chat-sound.js';
import { FirstChatPage, useListChatsQuery } from './chats.api.js';

/**
 * Mounted by the shell when the plan has internal chat: keeps the first page of the user's chats
 * loaded (the drawer's unread dot and the top bar's popover read it) and chimes, at the volume
 * setting, when someone else writes in one of their chats.
 */
export const ChatsWatcher = ({ user }: { user: Pick<SessionUser, 'id' | 'companyId'> }) => {
  useListChatsQuery(FirstChatPage);
  useEffect(() => {
    const name = socketEvent.company(user.companyId, 'chat');
    const listener = (payload: ChatSocketPayload) => {
      if (payload?.action === 'new-message' && payload.newMessage.senderId !== user.id) {
        playChatSound();
      }
    };
    let off = () => {};
    const stop = onSocket((socket) => {
      off();
      socket.on(name, listener);
      off = () => socket.off(name, listener);
    });
    return () => {
      stop();
      off();
    };
  }, [user.companyId, user.id]);
  return null;
};
