import { Heading, HStack, Stack } from '@chakra-ui/react';
import { TimeToQueueMinutes } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { ConnectionNumber, ConnectionSelect, ConnectionText } from './connection-fields.js';
import type { Draft } from './connection-form.js';
import type { ConnectionForm } from './use-connection-form.js';

/**
 * The chatbot tab: bot attempts, the transfer to a queue, closing idle tickets, the inactivity
 * messages and reopening.
 */
export const ConnectionChatbotTab = ({ form }: { form: ConnectionForm }) => {
  const { t } = useTranslation('connections');
  const { draft, queues } = form;

  // a queue deleted since it was picked still shows, so that a save keeps it
  const queueOptions = [
    ['', t('noQueue')] as const,
    ...queues.map((queue) => [String(queue.id), queue.name] as const),
    ...(draft.sendIdQueue !== null && !queues.some((queue) => queue.id === draft.sendIdQueue)
      ? [[String(draft.sendIdQueue), t('queueNumber', { id: draft.sendIdQueue })] as const]
      : []),
  ];

  // the spec's choices; a value saved by another client stays selectable
  const timeToQueueOptions = [
    ...new Set<number>([...TimeToQueueMinutes, draft.timeSendQueue].sort((a, b) => a - b)),
  ].map(
    (minutes) =>
      [String(minutes), minutes ? t('minutesOption', { minutes }) : t('timeSendQueueOff')] as const,
  );

  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap" align="start">
        <ConnectionNumber form={form} name="maxUseBotQueues" />
        <ConnectionNumber form={form} name="timeUseBotQueues" />
      </HStack>
      <Heading as="h3" size="sm" mt="2">
        {t('sections.transfer')}
      </Heading>
      <HStack gap="3" wrap="wrap" align="start">
        <ConnectionSelect
          form={form}
          name="timeSendQueue"
          value={String(draft.timeSendQueue)}
          options={timeToQueueOptions}
          onChange={(value) => form.set('timeSendQueue', Number(value))}
        />
        <ConnectionSelect
          form={form}
          name="sendIdQueue"
          value={draft.sendIdQueue === null ? '' : String(draft.sendIdQueue)}
          options={queueOptions}
          onChange={(value) => form.set('sendIdQueue', value ? Number(value) : null)}
        />
      </HStack>
      <Heading as="h3" size="sm" mt="2">
        {t('sections.expiry')}
      </Heading>
      <HStack gap="3" wrap="wrap" align="start">
        <ConnectionNumber form={form} name="expiresTicket" />
        <ConnectionSelect
          form={form}
          name="whenExpiresTicket"
          value={draft.whenExpiresTicket}
          options={(['0', '1'] as const).map((value) => [
            value,
            t(`whenExpiresTicketOptions.${value}`),
          ])}
          onChange={(value) => form.set('whenExpiresTicket', value as Draft['whenExpiresTicket'])}
        />
      </HStack>
      <ConnectionText form={form} name="expiresInactiveMessage" />
      <ConnectionNumber form={form} name="timeInactiveMessage" />
      <ConnectionText form={form} name="inactiveMessage" />
      <Heading as="h3" size="sm" mt="2">
        {t('sections.reopen')}
      </Heading>
      <ConnectionNumber form={form} name="timeCreateNewTicket" />
    </Stack>
  );
};

/** The assessments tab: the rating message, its attempts and its expiry. */
export const ConnectionAssessmentsTab = ({ form }: { form: ConnectionForm }) => (
  <Stack gap="3">
    <ConnectionText form={form} name="ratingMessage" />
    <HStack gap="3" wrap="wrap" align="start">
      <ConnectionNumber form={form} name="maxUseBotQueuesNPS" />
      <ConnectionNumber form={form} name="expiresTicketNPS" />
    </HStack>
  </Stack>
);
