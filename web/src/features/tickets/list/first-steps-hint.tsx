import { Box, Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { connectionsApi } from '../../connections/connections.api.js';
import { useListQueuesQuery } from '../../queues/queues.api.js';

const PageLink = ({ to, label }: { to: string; label: string }) => (
  <Link asChild color="blue.fg" textDecoration="underline">
    <RouterLink to={to}>{label}</RouterLink>
  </Link>
);

/**
 * The admin's first steps while the company lacks them (README "First steps"): a connection for
 * customers to write to, then queues with their users, then each connection's queues (its dialog).
 * Nothing once all are done.
 */
export const FirstStepsHint = () => {
  const { t } = useTranslation('tickets');
  const { data: connections } = connectionsApi.endpoints.listConnections.useQuery();
  const { data: queues } = useListQueuesQuery();
  const noConnection = connections?.length === 0;
  const noQueue = queues?.length === 0;
  // with queues to offer, a connection without any gives its customers no menu (issue 28)
  const unlinked = noQueue ? [] : (connections ?? []).filter((c) => !c.queueIds?.length);
  if (!noConnection && !noQueue && unlinked.length === 0) return null;
  return (
    <Box
      mx="2"
      px="3"
      py="2"
      borderWidth="1px"
      borderRadius="md"
      bg="bg.subtle"
      fontSize="sm"
      data-testid="first-steps"
    >
      <Text fontWeight="semibold">{t('firstSteps.title')}</Text>
      {noConnection && (
        <Text>
          {t('firstSteps.connection')}{' '}
          <PageLink to="/connections" label={t('firstSteps.connections')} />
        </Text>
      )}
      {noQueue && (
        <Text>
          {t('firstSteps.queue')} <PageLink to="/queues" label={t('firstSteps.queues')} />{' '}
          <PageLink to="/users" label={t('firstSteps.users')} />
        </Text>
      )}
      {unlinked.map((connection) => (
        <Text key={connection.id} data-testid="first-steps-unlinked">
          {t('firstSteps.unlinked', { name: connection.name })}{' '}
          <PageLink to={`/connections?edit=${connection.id}`} label={t('firstSteps.linkQueues')} />
        </Text>
      ))}
    </Box>
  );
};
