import { Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A metrics panel without figures to show: its title over a spinner while they load, or the error. */
export const MetricsPending = ({ title, failed }: { title: string; failed: boolean }) => {
  const { t } = useTranslation('reports');
  return (
    <Stack gap="2" mb="4" aria-busy={!failed} data-testid="metrics-pending">
      <Text as="h2" fontWeight="semibold">
        {title}
      </Text>
      {failed ? (
        <Text color="fg.error" role="alert">
          {t('loadError')}
        </Text>
      ) : (
        <Spinner size="sm" />
      )}
    </Stack>
  );
};
