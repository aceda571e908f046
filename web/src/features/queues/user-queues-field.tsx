import { Box, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField } from '../../components/checkbox-group.js';
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
  return (
    <Box mt="3">
      <CheckboxGroupField
        legend={t('userQueues')}
        options={queues.map((queue) => ({
          value: queue.id,
          label: (
            <HStack gap="1">
              <Box w="3" h="3" rounded="full" bg={queue.color} />
              {queue.name}
            </HStack>
          ),
        }))}
        value={value}
        onChange={onChange}
        empty={t('empty')}
        testId="user-queues"
      />
    </Box>
  );
};
