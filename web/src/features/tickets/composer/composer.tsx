import {
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Popover,
  Portal,
  Stack,
  Switch,
  Text,
  Textarea,
  type IconButtonProps,
} from '@chakra-ui/react';
import type { MessageRecord, QuickMessageListItem, TicketRecord } from '@sb/contracts';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LuCamera,
  LuContact,
  LuMic,
  LuPaperclip,
  LuSendHorizontal,
  LuSmile,
  LuSquare,
  LuZap,
} from 'react-icons/lu';
import { lazyComponent } from '../../../app/lazy-page.js';
import { mediaUrl } from '../../../app/runtime-config.js';
import { notify, toastError } from '../../../components/toaster.js';
import { useListQuickMessagesQuery } from '../../quick-messages/quick-messages.api.js';
import { AttachmentPreview } from './attachment-preview.js';
import { CameraModal } from './camera-modal.js';
import { SendContactModal } from './send-contact-modal.js';
import {
  composeBody,
  filterQuickReplies,
  keepsRecording,
  quickReplyLabel,
} from './composer-rules.js';
import { canCompose } from '../ticket-permissions.js';
import { useSendMediaMutation, useSendMessageMutation } from '../tickets.api.js';

// the emoji picker and its data load when the button is first pressed, not with the chat
const EmojiPicker = lazyComponent(() =>
  import('./emoji-picker.js').then((m) => m.ComposerEmojiPicker),
);

/** The signature switch is remembered in the browser (spec 1 §9). */
export const SignatureStorageKey = 'signOption';

export const storedSign = (): boolean => {
  try {
    return localStorage.getItem(SignatureStorageKey) !== 'false';
  } catch {
    return true;
  }
};

/** One of the composer's icon tools: named for screen readers and, on hover, by its title. */
const ComposerTool = ({
  label,
  ...props
}: { label: string } & Omit<IconButtonProps, 'aria-label'>) => (
  <IconButton size="sm" variant="ghost" aria-label={label} title={label} {...props} />
);

/**
 * Text (max 5 rows; Enter sends, Shift+Enter breaks the line), quick replies while the text starts
 * with "/", the reply quote, signature and private-note switches, an emoji picker, attachments (shown
 * first with a caption, sent on Send), camera photos, contact cards and audio recording.
 * Disabled unless the ticket is open or group (spec 1 §5).
 */
export const Composer = ({
  ticket,
  replyTo,
  onClearReply,
}: {
  ticket: TicketRecord;
  replyTo: MessageRecord | null;
  onClearReply: () => void;
}) => {
  const { t } = useTranslation('tickets');
  const [text, setText] = useState('');
  const [sign, setSign] = useState(storedSign);
  const [isPrivate, setIsPrivate] = useState(false);
  const [recorder, setRecorder] = useState<MediaRecorder | null>(null);
  const [dialog, setDialog] = useState<'camera' | 'contact' | null>(null);
  // files picked and waiting for their caption and Send
  const [picked, setPicked] = useState<File[]>([]);
  const [caption, setCaption] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textBox = useRef<HTMLTextAreaElement>(null);
  const { data: quickReplies = [], isSuccess: repliesLoaded } = useListQuickMessagesQuery();
  const [sendMessage, { isLoading: sending }] = useSendMessageMutation();
  const [sendMedia, { isLoading: uploading }] = useSendMediaMutation();
  const suggestions = filterQuickReplies(text, quickReplies);
  const disabled = !canCompose(ticket.status);

  const send = async (value = text) => {
    const composed = composeBody(value, { sign, isPrivate });
    if (!composed || disabled) return;
    try {
      await sendMessage({
        ticketId: ticket.id,
        ...composed,
        isPrivate,
        quotedMsg: replyTo ? { ...replyTo } : null,
      }).unwrap();
      setText('');
      onClearReply();
    } catch (error) {
      toastError(error);
    }
  };

  const upload = async (files: File[], body = text): Promise<boolean> => {
    if (files.length === 0 || disabled) return false;
    try {
      await sendMedia({ ticketId: ticket.id, files, body: body.trim(), isPrivate }).unwrap();
      setText('');
      return true;
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const closePreview = () => {
    setPicked([]);
    setCaption('');
  };

  // the emoji goes where the caret is (replacing a selection), and the caret after it
  const insertEmoji = (emoji: string) => {
    const box = textBox.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    setEmojiOpen(false);
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  // a quick reply with an attachment is sent as that file with its text, like the reference
  const applyQuickReply = async (reply: QuickMessageListItem) => {
    const link = mediaUrl(reply.mediaUrl);
    if (!link) {
      setText(reply.message);
      return;
    }
    try {
      const blob = await (await fetch(link)).blob();
      const file = new File([blob], reply.mediaName ?? 'file', { type: blob.type });
      await upload([file], reply.message);
    } catch (error) {
      toastError(error);
    }
  };

  // the button does what typing "/" does, and takes the "/" away again
  const toggleQuickReplies = () => {
    setText((current) => (current.startsWith('/') ? '' : '/'));
    textBox.current?.focus();
  };

  const record = async () => {
    if (recorder) {
      recorder.stop();
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const next = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      next.ondataavailable = (event) => chunks.push(event.data);
      next.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        setRecorder(null);
        const blob = new Blob(chunks, { type: next.mimeType || 'audio/webm' });
        // a click without speech gives a tiny file: discarded (spec 1 §5)
        if (!keepsRecording(blob.size)) {
          notify.warning(t('composer.audioTooShort'));
          return;
        }
        void upload([new File([blob], `audio-${Date.now()}.webm`, { type: blob.type })], '');
      };
      next.start();
      setRecorder(next);
    } catch {
      notify.error(t('composer.micDenied'));
    }
  };

  return (
    <Stack p="2" borderTopWidth="1px" gap="1" data-testid="composer">
      {replyTo && (
        <HStack
          justify="space-between"
          fontSize="sm"
          bg="bg.muted"
          px="2"
          borderLeftWidth="3px"
          data-testid="reply-preview"
        >
          <Box minW="0">
            <Text fontWeight="semibold">
              {replyTo.fromMe ? t('message.you') : replyTo.contact?.name}
            </Text>
            <Text truncate>{replyTo.body}</Text>
          </Box>
          <Button size="2xs" variant="ghost" onClick={onClearReply}>
            {t('composer.cancelReply')}
          </Button>
        </HStack>
      )}
      {text.startsWith('/') && repliesLoaded && quickReplies.length === 0 && (
        <Text fontSize="sm" color="fg.muted" role="status">
          {t('composer.noQuickReplies')}
        </Text>
      )}
      {suggestions.length > 0 && (
        <Box
          borderWidth="1px"
          borderRadius="md"
          maxH="40"
          overflowY="auto"
          role="listbox"
          aria-label={t('composer.quickReplies')}
        >
          {suggestions.map((reply) => (
            <Box
              key={reply.id}
              role="option"
              aria-selected={false}
              px="2"
              py="1"
              cursor="pointer"
              _hover={{ bg: 'bg.muted' }}
              onClick={() => void applyQuickReply(reply)}
            >
              <Text fontWeight="semibold">/{reply.shortcode}</Text>
              <Text fontSize="sm">{quickReplyLabel(reply.message)}</Text>
            </Box>
          ))}
        </Box>
      )}
      {picked.length > 0 && (
        <AttachmentPreview
          files={picked}
          caption={caption}
          busy={uploading}
          onCaption={setCaption}
          onRemove={(index) => setPicked((files) => files.filter((_, i) => i !== index))}
          onCancel={closePreview}
          onSend={() =>
            void upload(picked, caption).then((sent) => {
              if (sent) closePreview();
            })
          }
        />
      )}
      <Textarea
        ref={textBox}
        aria-label={t('composer.message')}
        placeholder={disabled ? t('composer.disabled') : t('composer.placeholder')}
        value={text}
        disabled={disabled}
        rows={1}
        autoresize
        maxH="7.5em"
        bg={isPrivate ? 'yellow.subtle' : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            void send();
          }
        }}
      />
      {/* the box has the whole width; its tools wrap below it, Send stays at the end of the row */}
      <Flex wrap="wrap" align="center" columnGap="3" rowGap="1">
        <HStack gap="0.5">
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            data-testid="composer-files"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              if (files.length) {
                // the text typed so far becomes the caption, as in WhatsApp
                if (!picked.length && text.trim()) {
                  setCaption(text);
                  setText('');
                }
                setPicked((current) => [...current, ...files]);
              }
              event.target.value = '';
            }}
          />
          <ComposerTool
            label={t('composer.attach')}
            disabled={disabled}
            loading={uploading}
            onClick={() => fileInput.current?.click()}
          >
            <LuPaperclip />
          </ComposerTool>
          <ComposerTool
            label={t('composer.quickReplies')}
            disabled={disabled}
            onClick={toggleQuickReplies}
          >
            <LuZap />
          </ComposerTool>
          <Popover.Root
            open={emojiOpen}
            onOpenChange={(d) => setEmojiOpen(d.open)}
            positioning={{ placement: 'top-start' }}
            lazyMount
          >
            <Popover.Trigger asChild>
              <ComposerTool label={t('composer.emoji')} disabled={disabled}>
                <LuSmile />
              </ComposerTool>
            </Popover.Trigger>
            <Portal>
              <Popover.Positioner>
                <Popover.Content w="auto" data-testid="emoji-picker">
                  <Suspense fallback={<Text p="4">{t('emoji.loading')}</Text>}>
                    <EmojiPicker onPick={insertEmoji} />
                  </Suspense>
                </Popover.Content>
              </Popover.Positioner>
            </Portal>
          </Popover.Root>
          <ComposerTool
            label={t('composer.camera')}
            disabled={disabled}
            onClick={() => setDialog('camera')}
          >
            <LuCamera />
          </ComposerTool>
          <ComposerTool
            label={t('composer.sendContact')}
            disabled={disabled}
            onClick={() => setDialog('contact')}
          >
            <LuContact />
          </ComposerTool>
          <ComposerTool
            label={recorder ? t('composer.stopRecording') : t('composer.record')}
            disabled={disabled}
            colorPalette={recorder ? 'red' : undefined}
            variant={recorder ? 'solid' : 'ghost'}
            onClick={() => void record()}
          >
            {recorder ? <LuSquare /> : <LuMic />}
          </ComposerTool>
        </HStack>
        <HStack gap="3">
          <Switch.Root
            size="sm"
            checked={sign}
            onCheckedChange={(d) => {
              setSign(d.checked);
              localStorage.setItem(SignatureStorageKey, String(d.checked));
            }}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('composer.signature')}</Switch.Label>
          </Switch.Root>
          <Switch.Root
            size="sm"
            checked={isPrivate}
            onCheckedChange={(d) => setIsPrivate(d.checked)}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('composer.private')}</Switch.Label>
          </Switch.Root>
        </HStack>
        <Button
          size="sm"
          ms="auto"
          disabled={disabled || !text.trim()}
          loading={sending}
          onClick={() => void send()}
        >
          <LuSendHorizontal />
          {t('composer.send')}
        </Button>
      </Flex>
      {dialog === 'camera' && (
        <CameraModal
          busy={uploading}
          onClose={() => setDialog(null)}
          onCapture={(photo) => void upload([photo], '').then((sent) => sent && setDialog(null))}
        />
      )}
      {dialog === 'contact' && (
        <SendContactModal ticketId={ticket.id} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
};
