import {
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { ChatbotQueueTypes, type ChatbotOptionInput, type ChatbotQueueType } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChevronDown, LuChevronRight, LuPlus, LuTrash2 } from 'react-icons/lu';
import { SelectField } from '../../components/form-fields.js';
import { choicesWith, idOfSelectValue, selectValueOf, type Choice } from './bot-choices.js';

export type ChatbotDraft = ChatbotOptionInput;
/** The target fields of an option: which record the bot hands the contact to. */
type TargetField = 'optQueueId' | 'optUserId' | 'optIntegrationId' | 'optFileId';

/**
 * The targets each option type uses (BEHAVIOUR §17): a queue option sets the queue, an attendant
 * option the queue and the user, an integration option hands over to the integration, a file option
 * sends the file list, a text option only answers with its message.
 */
export const TargetsOf: Record<ChatbotQueueType, readonly TargetField[]> = {
  text: [],
  queue: ['optQueueId'],
  attendent: ['optQueueId', 'optUserId'],
  integration: ['optIntegrationId'],
  file: ['optFileId'],
};

/** The change of an option to another type: the targets the new type does not use are cleared. */
export const retyped = (
  option: ChatbotDraft,
  queueType: ChatbotQueueType,
): Partial<ChatbotDraft> => {
  const change: Partial<ChatbotDraft> = { queueType };
  for (const field of ['optQueueId', 'optUserId', 'optIntegrationId', 'optFileId'] as const) {
    if (!TargetsOf[queueType].includes(field) && option[field] != null) change[field] = null;
  }
  return change;
};

export const newChatbotDraft = (): ChatbotDraft => ({
  name: '',
  greetingMessage: '',
  queueType: 'text',
  closeTicket: false,
  optQueueId: null,
  optUserId: null,
  optIntegrationId: null,
  optFileId: null,
  options: [],
});

/** Spec 2 §5: every option needs a name of at least 4 characters; returns the first bad path. */
export const firstShortOption = (options: ChatbotDraft[], path = ''): string | null => {
  for (const [index, option] of options.entries()) {
    const here = `${path}${index + 1}`;
    if (option.name.trim().length < 4) return here;
    const nested = firstShortOption(option.options ?? [], `${here}.`);
    if (nested) return nested;
  }
  return null;
};

/**
 * The queue modal's nested chatbot options: each level lists its options, each option opens its own
 * level (the stepper of spec 2 §2), so a menu can go as deep as the bot needs.
 */
export const ChatbotOptionsEditor = ({
  options,
  onChange,
  queues,
  users,
  integrations,
  fileLists,
  canIntegrate,
  depth = 0,
}: {
  options: ChatbotDraft[];
  onChange: (options: ChatbotDraft[]) => void;
  queues: Choice[];
  users: Choice[];
  integrations: Choice[];
  fileLists: Choice[];
  /** the plan has useIntegration: the integration type is offered (an option already of it keeps it) */
  canIntegrate: boolean;
  depth?: number;
}) => {
  const { t } = useTranslation('queues');
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const patch = (index: number, change: Partial<ChatbotDraft>) =>
    onChange(options.map((o, i) => (i === index ? { ...o, ...change } : o)));

  /** The picker of one target of an option, the saved record kept when not among the choices. */
  const targetSelect = (
    index: number,
    field: TargetField,
    choices: Choice[],
    fallback: (id: number) => string,
  ) => {
    const saved = options[index]![field] ?? null;
    const label = t(field);
    return (
      <SelectField
        key={field}
        label={label}
        namedControl
        layout={{ maxW: '48' }}
        size="sm"
        placeholder="—"
        options={choicesWith(choices, saved, saved === null ? '' : fallback(saved)).map(
          (c) => [c.id, c.name] as const,
        )}
        value={selectValueOf(saved)}
        onChange={(value) => patch(index, { [field]: idOfSelectValue(value) })}
      />
    );
  };

  return (
    <Stack gap="2" data-testid={`chatbot-level-${depth}`}>
      {options.map((option, index) => {
        const short = option.name.trim().length < 4;
        const open = openIndex === index;
        return (
          <Box key={option.id ?? `new-${index}`} borderWidth="1px" rounded="md" p="2">
            <HStack>
              <IconButton
                size="xs"
                variant="ghost"
                aria-label={open ? t('collapse') : t('expand')}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                {open ? <LuChevronDown /> : <LuChevronRight />}
              </IconButton>
              <Text fontSize="sm" color="fg.muted" minW="6">
                {index + 1}
              </Text>
              <Field.Root invalid={short} flex="1">
                <Input
                  size="sm"
                  aria-label={t('optionName')}
                  placeholder={t('optionName')}
                  value={option.name}
                  onChange={(e) => patch(index, { name: e.target.value })}
                />
                {short && (
                  <Field.ErrorText>{option.name ? t('tooShort') : t('required')}</Field.ErrorText>
                )}
              </Field.Root>
              <IconButton
                size="xs"
                variant="ghost"
                colorPalette="red"
                aria-label={t('removeOption')}
                onClick={() => onChange(options.filter((_, i) => i !== index))}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
            {open && (
              <Stack gap="3" mt="3" pl="6">
                <Field.Root>
                  <Field.Label>{t('optionGreeting')}</Field.Label>
                  <Textarea
                    size="sm"
                    rows={3}
                    value={option.greetingMessage ?? ''}
                    onChange={(e) => patch(index, { greetingMessage: e.target.value })}
                  />
                </Field.Root>
                <HStack gap="3" align="end" flexWrap="wrap">
                  <SelectField
                    label={t('queueType')}
                    namedControl
                    layout={{ maxW: '48' }}
                    size="sm"
                    options={ChatbotQueueTypes.filter(
                      (type) =>
                        type !== 'integration' ||
                        canIntegrate ||
                        option.queueType === 'integration',
                    ).map((type) => [type, t(`queueTypes.${type}`)] as const)}
                    value={option.queueType ?? 'text'}
                    onChange={(type) => patch(index, retyped(option, type as ChatbotQueueType))}
                  />
                  {TargetsOf[option.queueType ?? 'text'].map((field) =>
                    targetSelect(
                      index,
                      field,
                      {
                        optQueueId: queues,
                        optUserId: users,
                        optIntegrationId: integrations,
                        optFileId: fileLists,
                      }[field],
                      (id) => t(`${field}Number`, { id }),
                    ),
                  )}
                  <Switch.Root
                    size="sm"
                    checked={option.closeTicket ?? false}
                    onCheckedChange={(e) => patch(index, { closeTicket: e.checked })}
                    pb="1"
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>{t('closeTicket')}</Switch.Label>
                  </Switch.Root>
                </HStack>
                <Text fontSize="sm" fontWeight="medium">
                  {t('subOptions')}
                </Text>
                <ChatbotOptionsEditor
                  options={option.options ?? []}
                  onChange={(children) => patch(index, { options: children })}
                  queues={queues}
                  users={users}
                  integrations={integrations}
                  fileLists={fileLists}
                  canIntegrate={canIntegrate}
                  depth={depth + 1}
                />
              </Stack>
            )}
          </Box>
        );
      })}
      <Box>
        <Button
          size="xs"
          variant="outline"
          onClick={() => {
            onChange([...options, newChatbotDraft()]);
            setOpenIndex(options.length);
          }}
        >
          <LuPlus /> {t('addOption')}
        </Button>
      </Box>
    </Stack>
  );
};
