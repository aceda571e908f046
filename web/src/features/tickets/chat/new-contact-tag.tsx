import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../../components/toaster.js';
import { randomTagColor } from '../../tags/tag-colors.js';
import { useCreateTagMutation } from '../../tags/tags.api.js';

/** A new contact tag needs 3 characters (spec 1 §5, "Tag muito curta!"). */
export const MinTagName = 3;

/**
 * Creates a contact tag (kanban 0, a random colour) from the contact drawer and hands it to
 * `onCreated`, which links it to the contact.
 */
export const NewContactTag = ({ onCreated }: { onCreated: (tagId: number) => void }) => {
  const { t } = useTranslation('tickets');
  const [name, setName] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [createTag, { isLoading }] = useCreateTagMutation();

  const submit = async () => {
    if (name.trim().length < MinTagName) {
      setTooShort(true);
      return;
    }
    try {
      const tag = await createTag({
        name: name.trim(),
        color: randomTagColor(),
        kanban: 0,
      }).unwrap();
      setName('');
      onCreated(tag.id);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Field.Root invalid={tooShort}>
      <HStack w="full">
        <Input
          size="xs"
          aria-label={t('drawer.newTag')}
          placeholder={t('drawer.newTag')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setTooShort(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void submit();
          }}
        />
        <Button size="xs" variant="outline" loading={isLoading} onClick={() => void submit()}>
          {t('drawer.addTag')}
        </Button>
      </HStack>
      {tooShort && <Field.ErrorText>{t('drawer.tagTooShort')}</Field.ErrorText>}
    </Field.Root>
  );
};
