import { Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TicketReportFilter } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { hoursMinutes } from '../dashboard/dashboard-format.js';
import { useGetServiceMetricsQuery } from './reports.api.js';

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.panel">
    <Text color="fg.muted" fontSize="sm">
      {label}
    </Text>
    <Text fontSize="xl" fontWeight="bold">
      {value}
    </Text>
  </Box>
);

/**
 * The service metrics of the selected tickets: first response and resolution (average and median, as
 * hours:minutes) and how the first responses spread over 0–1 h, 1–4 h, 4–8 h, 8–24 h and 24 h+.
 */
export const ServiceMetricsPanel = ({ filter }: { filter: TicketReportFilter }) => {
  const { t } = useTranslation('reports');
  const { data } = useGetServiceMetricsQuery(filter);
  if (!data) return null;
  return (
    <Stack gap="3" mb="4" data-testid="service-metrics">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3">
        <Figure
          label={t('metrics.firstResponseAvg')}
          value={hoursMinutes(data.wallClock.firstResponse.avgMinutes)}
        />
        <Figure
          label={t('metrics.firstResponseMedian')}
          value={hoursMinutes(data.wallClock.firstResponse.medianMinutes)}
        />
        <Figure
          label={t('metrics.resolutionAvg')}
          value={hoursMinutes(data.wallClock.resolution.avgMinutes)}
        />
        <Figure
          label={t('metrics.resolutionMedian')}
          value={hoursMinutes(data.wallClock.resolution.medianMinutes)}
        />
      </SimpleGrid>
      <Box as="figure" aria-label={t('metrics.distribution')}>
        <Text as="figcaption" fontWeight="semibold" mb="2">
          {t('metrics.distribution')}
        </Text>
        {data.wallClock.firstResponseDistribution.map((bucket) => (
          <HStack key={bucket.bucket} gap="3" data-testid="metrics-bucket">
            <Text w="16" fontSize="sm">
              {bucket.bucket}
            </Text>
            <Box flex="1" bg="bg.muted" borderRadius="sm" h="3">
              <Box
                bg="colorPalette.solid"
                colorPalette="brand"
                h="3"
                borderRadius="sm"
                w={`${bucket.percent}%`}
              />
            </Box>
            <Text w="24" fontSize="sm" textAlign="end">
              {bucket.count} ({bucket.percent}%)
            </Text>
          </HStack>
        ))}
      </Box>
    </Stack>
  );
};
