import { Box, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type {
  FirstResponseDistribution,
  ServiceDurations,
  ServiceMetricsReply,
  TicketReportFilter,
} from '@sb/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { hoursMinutes } from '../dashboard/dashboard-format.js';
import { useGetServiceMetricsQuery } from './reports.api.js';

/** The rows of the service-times table: a label key and where its minutes are. */
const Measures: [string, (d: ServiceDurations) => number][] = [
  ['firstResponseAvg', (d) => d.firstResponse.avgMinutes],
  ['firstResponseMedian', (d) => d.firstResponse.medianMinutes],
  ['nextResponseAvg', (d) => d.nextResponse.avgMinutes],
  ['nextResponseMedian', (d) => d.nextResponse.medianMinutes],
  ['resolutionAvg', (d) => d.resolution.avgMinutes],
  ['resolutionMedian', (d) => d.resolution.medianMinutes],
];

const Distribution = ({
  caption,
  buckets,
  testId,
}: {
  caption: string;
  buckets: FirstResponseDistribution;
  testId: string;
}) => (
  <Box as="figure" aria-label={caption} data-testid={testId}>
    <Text as="figcaption" fontWeight="semibold" mb="2">
      {caption}
    </Text>
    {buckets.map((bucket) => (
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
);

/** Which hours business hours were counted in, or that none were set. */
const HoursNote = ({ data }: { data: ServiceMetricsReply }) => {
  const { t } = useTranslation('reports');
  if (data.tickets === 0) return null;
  return (
    <Text color="fg.muted" fontSize="sm" data-testid="metrics-hours-note">
      {data.hoursBasis.none === data.tickets
        ? t('metrics.noHours')
        : t('metrics.hoursBasis', data.hoursBasis)}
    </Text>
  );
};

/**
 * The service metrics of the selected tickets: first response, next response and resolution
 * (average and median, hours:minutes) on the wall clock and in business hours side by side, and how
 * the first responses spread over 0–1 h, 1–4 h, 4–8 h, 8–24 h and 24 h+ on each clock.
 */
export const ServiceMetricsPanel = ({ filter }: { filter: TicketReportFilter }) => {
  const { t } = useTranslation('reports');
  const { data, isFetching } = useGetServiceMetricsQuery(filter);
  const titleId = useId();
  if (!data) return null;
  return (
    <Stack
      gap="3"
      mb="4"
      data-testid="service-metrics"
      aria-busy={isFetching}
      opacity={isFetching ? 0.6 : 1}
    >
      <Text as="h2" id={titleId} fontWeight="semibold">
        {t('metrics.title')}
      </Text>
      <Table.ScrollArea
        borderWidth="1px"
        rounded="md"
        tabIndex={0}
        role="region"
        aria-labelledby={titleId}
      >
        <Table.Root size="sm" data-testid="service-times" aria-labelledby={titleId}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('metrics.measure')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('metrics.wallClock')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('metrics.businessHours')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {Measures.map(([key, minutesOf]) => (
              <Table.Row key={key} data-testid={`metric-${key}`}>
                <Table.Cell
                  as="th"
                  scope="row"
                  fontWeight="normal"
                  textAlign="start"
                  whiteSpace="normal"
                >
                  {t(`metrics.${key}`)}
                </Table.Cell>
                <Table.Cell textAlign="end">{hoursMinutes(minutesOf(data.wallClock))}</Table.Cell>
                <Table.Cell textAlign="end">
                  {hoursMinutes(minutesOf(data.businessHours))}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <HoursNote data={data} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Distribution
          caption={t('metrics.distributionWallClock')}
          buckets={data.wallClock.firstResponseDistribution}
          testId="distribution-wall-clock"
        />
        <Distribution
          caption={t('metrics.distributionBusinessHours')}
          buckets={data.businessHours.firstResponseDistribution}
          testId="distribution-business-hours"
        />
      </SimpleGrid>
    </Stack>
  );
};
