import { Box, Button, CloseButton, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LuFile } from 'react-icons/lu';
import { fileSizeLabel } from '../../../lib/file-size.js';

/**
 * The files picked in the composer before they go: a thumbnail for an image, the name and size for
 * any other file, each removable; one caption sent with them; Send and Cancel.
 */
export const AttachmentPreview = ({
  files,
  caption,
  busy,
  onCaption,
  onRemove,
  onSend,
  onCancel,
}: {
  files: File[];
  caption: string;
  busy: boolean;
  onCaption: (caption: string) => void;
  onRemove: (index: number) => void;
  onSend: () => void;
  onCancel: () => void;
}) => {
  const { t, i18n } = useTranslation('tickets');
  // one object URL per image while it is shown, revoked when the list changes or closes
  const thumbnails = useMemo(
    () => files.map((file) => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null)),
    [files],
  );
  useEffect(() => () => thumbnails.forEach((url) => url && URL.revokeObjectURL(url)), [thumbnails]);
  return (
    <Stack
      borderWidth="1px"
      borderRadius="md"
      p="2"
      gap="2"
      role="group"
      aria-label={t('attachments.title')}
      data-testid="attachment-preview"
    >
      <HStack wrap="wrap" gap="2">
        {files.map((file, index) => (
          <HStack
            key={`${file.name}-${index}`}
            borderWidth="1px"
            borderRadius="md"
            p="1.5"
            gap="2"
            maxW="full"
            data-testid="attachment-item"
          >
            {thumbnails[index] ? (
              <img
                src={thumbnails[index]}
                alt={file.name}
                style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 4 }}
              />
            ) : (
              <Box fontSize="2xl" color="fg.muted" aria-hidden>
                <LuFile />
              </Box>
            )}
            <Box minW="0" maxW="48">
              <Text fontSize="sm" truncate title={file.name}>
                {file.name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {fileSizeLabel(file.size, i18n.language)}
              </Text>
            </Box>
            <CloseButton
              size="2xs"
              aria-label={t('attachments.remove', { name: file.name })}
              onClick={() => onRemove(index)}
            />
          </HStack>
        ))}
      </HStack>
      <Input
        size="sm"
        aria-label={t('attachments.caption')}
        placeholder={t('attachments.caption')}
        value={caption}
        autoFocus
        onChange={(event) => onCaption(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onSend();
          }
        }}
      />
      <HStack justify="flex-end">
        <Button size="sm" variant="outline" onClick={onCancel}>
          {t('attachments.cancel')}
        </Button>
        <Button size="sm" loading={busy} onClick={onSend}>
          {t('attachments.send', { count: files.length })}
        </Button>
      </HStack>
    </Stack>
  );
};
