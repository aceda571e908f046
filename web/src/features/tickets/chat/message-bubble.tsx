import { Box, Button, HStack, Text } from '@chakra-ui/react';
import type { MessageAck, MessageRecord } from '@sb/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCheck, LuCheckCheck, LuClock, LuPhoneMissed } from 'react-icons/lu';
import { formatTime } from '../../../lib/dates.js';
import { mediaUrl } from '../../../app/runtime-config.js';
import { FormattedText } from './formatted-text.js';
import { canForward, MessageMenu, type MessageActions } from './message-menu.js';
import { AudioRateStorageKey, nextAudioRate, storedAudioRate } from './audio-rate.js';

/** Acknowledgement icons (spec 1 §4): 0 clock, 1 one check, 2 two checks, 3 and 4 highlighted. */
const AckIcons: Record<MessageAck, ReactNode> = {
  0: <LuClock />,
  1: <LuCheck />,
  2: <LuCheckCheck />,
  3: <LuCheckCheck />,
  4: <LuCheckCheck />,
};

const clock = (iso: string) => formatTime(iso);

/** Audio with the playback-rate button; the rate is shared by every audio through localStorage. */
const AudioPlayer = ({ src }: { src: string }) => {
  const { t } = useTranslation('tickets');
  const [rate, setRate] = useState(storedAudioRate);
  return (
    <HStack>
      <audio
        controls
        src={src}
        ref={(el) => {
          if (el) el.playbackRate = rate;
        }}
      />
      <Button
        size="2xs"
        aria-label={t('message.audioRate')}
        onClick={() => {
          const next = nextAudioRate(rate);
          localStorage.setItem(AudioRateStorageKey, String(next));
          setRate(next);
        }}
      >
        {rate}x
      </Button>
    </HStack>
  );
};

const Media = ({
  message,
  onOpenImage,
}: {
  message: MessageRecord;
  onOpenImage?: (m: MessageRecord) => void;
}) => {
  const { t } = useTranslation('tickets');
  const src = mediaUrl(message.mediaUrl);
  if (!src) return null;
  if (message.mediaType === 'audio') return <AudioPlayer src={src} />;
  if (message.mediaType === 'image') {
    const image = <img src={src} alt={message.mediaName ?? ''} style={{ maxWidth: 240 }} />;
    // a button around the picture opens the conversation's gallery on it
    return onOpenImage ? (
      <Button
        variant="plain"
        h="auto"
        p="0"
        aria-label={t('gallery.open')}
        onClick={() => onOpenImage(message)}
      >
        {image}
      </Button>
    ) : (
      image
    );
  }
  if (message.mediaType === 'video') return <video src={src} controls style={{ maxWidth: 240 }} />;
  return (
    <a href={src} target="_blank" rel="noreferrer" download={message.mediaName ?? true}>
      {message.mediaName ?? t('message.download')}
    </a>
  );
};

/** One message: quote, media, text, time and ack; its actions, or a checkbox while forwarding. */
export const MessageBubble = ({
  message,
  selected,
  onToggleSelect,
  actions,
}: {
  message: MessageRecord;
  /** undefined when no forward selection is under way */
  selected?: boolean;
  onToggleSelect: (m: MessageRecord) => void;
  actions: MessageActions;
}) => {
  const { t } = useTranslation('tickets');
  if (message.mediaType === 'call_log') {
    return (
      <HStack alignSelf="center" fontSize="sm" color="red.fg" data-testid={`message-${message.id}`}>
        <LuPhoneMissed />
        <Text>{t('message.missedCall', { time: clock(message.createdAt) })}</Text>
      </HStack>
    );
  }
  const selecting = selected !== undefined;
  const bubble = (
    <Box
      bg={message.isPrivate ? 'yellow.subtle' : message.fromMe ? 'green.subtle' : 'bg.muted'}
      borderRadius="md"
      px="3"
      py="2"
      pe="8"
      minW="0"
    >
      {message.isPrivate && (
        <Text fontSize="xs" color="fg.muted">
          {t('message.private')}
        </Text>
      )}
      {message.isForwarded && (
        <Text fontSize="xs" color="fg.muted">
          {t('message.forwarded')}
        </Text>
      )}
      {message.quotedMsg && (
        <Box borderLeftWidth="3px" pl="2" mb="1" fontSize="sm" color="fg.muted">
          <Text fontWeight="semibold">
            {message.quotedMsg.fromMe ? t('message.you') : message.quotedMsg.contact?.name}
          </Text>
          <Text truncate>{message.quotedMsg.body}</Text>
        </Box>
      )}
      {message.isDeleted && (
        <Text fontStyle="italic" color="fg.muted">
          {t('message.deleted')}
        </Text>
      )}
      {/* A deleted message keeps its content unless the company erases it (lgpdDeleteMessage). */}
      <Box opacity={message.isDeleted ? 0.6 : undefined}>
        <Media
          message={message}
          onOpenImage={message.isDeleted ? undefined : actions.onOpenImage}
        />
        {message.body && (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            <FormattedText text={message.body} />
          </Text>
        )}
      </Box>
      <HStack justify="flex-end" gap="1" fontSize="xs" color="fg.muted">
        {message.isEdited && <Text>{t('message.edited')}</Text>}
        <Text>{clock(message.createdAt)}</Text>
        {message.fromMe && (
          <Box
            as="span"
            role="img"
            aria-label={t(`ack.${message.ack}`)}
            color={message.ack >= 3 ? 'blue.fg' : undefined}
          >
            {AckIcons[message.ack]}
          </Box>
        )}
      </HStack>
      {message.fromMe && message.sendError && (
        <Text fontSize="xs" color="fg.error" role="status" data-testid="send-error">
          {t('message.notSent', {
            reason: t(message.sendError, { ns: 'errors', defaultValue: message.sendError }),
          })}
        </Text>
      )}
    </Box>
  );
  return (
    <HStack
      alignSelf={message.fromMe ? 'flex-end' : 'flex-start'}
      maxW="75%"
      align="flex-start"
      data-testid={`message-${message.id}`}
    >
      {selecting && canForward(message) && (
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onToggleSelect(message)}
          aria-label={t('forward.select')}
          style={{ marginTop: 8 }}
        />
      )}
      {selecting ? (
        bubble
      ) : (
        <MessageMenu message={message} actions={actions}>
          {bubble}
        </MessageMenu>
      )}
    </HStack>
  );
};
