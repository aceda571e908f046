import { Box, HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import type { MessageRecord } from '@sb/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown } from 'react-icons/lu';

/** The emojis offered to react with (WhatsApp's quick reactions). */
export const QuickReactions = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/**
 * Whether a message can be forwarded: never a private note (it never leaves the company, and the API
 * refuses it), a reaction or a call log.
 */
export const canForward = (m: MessageRecord): boolean =>
  !m.isPrivate && !m.isDeleted && m.mediaType !== 'reactionMessage' && m.mediaType !== 'call_log';

/** Whether a message takes a reaction: one the contact could have received (not a note, not a reaction). */
export const canReactTo = (m: MessageRecord): boolean =>
  !m.isPrivate && !m.isDeleted && m.mediaType !== 'reactionMessage' && !m.sendError;

export type MessageActions = {
  /** a pending ticket previewed before accepting: messages are read, nothing is done to them */
  readOnly?: boolean;
  /** reply only on open or group tickets (spec 1 §5) */
  onReply?: (m: MessageRecord) => void;
  /** reactions, like replies, only on open or group tickets */
  onReact?: (m: MessageRecord, emoji: string) => void;
  onForward: (m: MessageRecord) => void;
  onDelete: (m: MessageRecord) => void;
  onEdit: (m: MessageRecord) => void;
  /** opens the conversation's image gallery on this image */
  onOpenImage?: (m: MessageRecord) => void;
};

type Action = 'reply' | 'forward' | 'edit' | 'delete';

/** The actions a message offers with the ticket's permissions: reply, forward, then own edit/delete. */
export const messageActionsOf = (message: MessageRecord, actions: MessageActions): Action[] => {
  if (message.isDeleted || actions.readOnly) return [];
  const list: Action[] = [];
  if (actions.onReply) list.push('reply');
  if (canForward(message)) list.push('forward');
  if (message.fromMe && message.mediaType === 'chat') list.push('edit');
  if (message.fromMe) list.push('delete');
  return list;
};

/**
 * A message's menu, as WhatsApp Web and Chatwoot have it: a chevron that shows on hover or keyboard
 * focus, a right click on the bubble, or a long press on a touch screen opens it. The quick reactions
 * head the menu; nothing sits under the bubble to be cut at the pane's edge.
 */
export const MessageMenu = ({
  message,
  actions,
  children,
}: {
  message: MessageRecord;
  actions: MessageActions;
  /** the bubble */
  children: ReactNode;
}) => {
  const { t } = useTranslation('tickets');
  const items = messageActionsOf(message, actions);
  const reactions = Boolean(actions.onReact) && !actions.readOnly && canReactTo(message);
  if (!items.length && !reactions) return <>{children}</>;
  const run: Record<Action, () => void> = {
    reply: () => actions.onReply?.(message),
    forward: () => actions.onForward(message),
    edit: () => actions.onEdit(message),
    delete: () => actions.onDelete(message),
  };
  const content = (
    <Portal>
      <Menu.Positioner>
        <Menu.Content minW="40" data-testid="message-menu">
          {reactions && (
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel srOnly>{t('message.react')}</Menu.ItemGroupLabel>
              <HStack gap="0" px="1">
                {QuickReactions.map((emoji) => (
                  <Menu.Item
                    key={emoji}
                    value={`react:${emoji}`}
                    aria-label={t('message.reactWith', { emoji })}
                    fontSize="lg"
                    px="1.5"
                    onClick={() => actions.onReact?.(message, emoji)}
                  >
                    {emoji}
                  </Menu.Item>
                ))}
              </HStack>
            </Menu.ItemGroup>
          )}
          {reactions && items.length > 0 && <Menu.Separator />}
          {items.map((action) => (
            <Menu.Item
              key={action}
              value={action}
              color={action === 'delete' ? 'fg.error' : undefined}
              onClick={run[action]}
            >
              {t(`message.${action}`)}
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Portal>
  );
  // Two roots with the same items: Chakra's menu stops following its trigger once a root also has a
  // context trigger (the chevron's menu then stayed off screen), so the chevron's menu anchors to the
  // chevron and the right click's (or long press's) to the pointer.
  return (
    <Box position="relative" className="group" minW="0">
      <Menu.Root lazyMount unmountOnExit>
        <Menu.ContextTrigger asChild>
          <Box data-testid="chat-bubble">{children}</Box>
        </Menu.ContextTrigger>
        {content}
      </Menu.Root>
      <Menu.Root positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
        <Menu.Trigger asChild>
          <IconButton
            aria-label={t('message.actions')}
            title={t('message.actions')}
            size="2xs"
            variant="subtle"
            position="absolute"
            top="1"
            insetEnd="1"
            opacity="0"
            _groupHover={{ opacity: 1 }}
            _focusVisible={{ opacity: 1 }}
            _expanded={{ opacity: 1 }}
            // a touch screen has no hover: the chevron stays in sight there
            css={{ '@media (hover: none)': { opacity: 1 } }}
          >
            <LuChevronDown />
          </IconButton>
        </Menu.Trigger>
        {content}
      </Menu.Root>
    </Box>
  );
};
