import { Box, Checkbox, Field, HStack, Text, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useListQueuesQuery } from './queues.api.js';

/** The queues a user belongs to (users modal, shown to roles with user-modal:editQueues). */
export const UserQueuesField = ({
  value,
  onChange,
}: {
  value: number[];
  onChange: (queueIds: number[]) => void;
}) => {
  const { t } = useTranslation('queues');
  const { data: queues = [] } = useListQueuesQuery();
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...new Set([...value, id])] : value.filter((v) => v !== id));

  return (
    <Field.Root mt="3">
      <Field.Label>{t('userQueues')}</Field.Label>
      {queues.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('empty')}
        </Text>
      ) : (
        <Wrap gap="3" data-testid="user-queues">
          {queues.map((queue) => (
            <Checkbox.Root
              key={queue.id}
              size="sm"
              checked={value.includes(queue.id)}
              onCheckedChange={(e) => toggle(queue.id, e.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <HStack gap="1">
                  <Box w="3" h="3" rounded="full" bg={queue.color} />
                  {queue.name}
                </HStack>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      )}
    </Field.Root>
  );
};
