import { Button, Field, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ConnectionText } from './connection-fields.js';
import { MessageFields } from './connection-form.js';
import type { ConnectionForm } from './use-connection-form.js';

/** The greeting's media: attached or removed at once, so only on a saved connection. */
const GreetingMediaField = ({ form }: { form: ConnectionForm }) => {
  const { t } = useTranslation('connections');
  const fileInput = useRef<HTMLInputElement>(null);
  const { media } = form;
  return (
    <Field.Root>
      <Field.Label>{t('greetingMedia')}</Field.Label>
      {form.connection ? (
        <HStack>
          <Text fontSize="sm" data-testid="greeting-media">
            {media ? media.split('/').pop() : t('noMedia')}
          </Text>
          <input
            ref={fileInput}
            type="file"
            hidden
            aria-label={t('greetingMedia')}
            onChange={(e) => void form.pickMedia(e.target.files?.[0])}
          />
          <Button
            size="xs"
            variant="outline"
            loading={form.uploading}
            onClick={() => fileInput.current?.click()}
          >
            {t('attach')}
          </Button>
          {media && (
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              loading={form.removing}
              onClick={() => void form.dropMedia()}
            >
              {t('removeMedia')}
            </Button>
          )}
        </HStack>
      ) : (
        <Field.HelperText>{t('mediaAfterSave')}</Field.HelperText>
      )}
    </Field.Root>
  );
};

/** The messages tab: greeting, completion and out-of-hours texts, and the greeting's media. */
export const ConnectionMessagesTab = ({ form }: { form: ConnectionForm }) => (
  <Stack gap="3">
    {MessageFields.map((key) => (
      <ConnectionText key={key} form={form} name={key} />
    ))}
    <GreetingMediaField form={form} />
  </Stack>
);
