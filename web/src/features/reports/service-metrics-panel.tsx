import type { CustomTypeOptions } from 'i18next';
import { Box, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type {
  FirstResponseDistribution,
  MinutesSummary,
  ServiceDurations,
  ServiceMetricsReply,
  TicketReportFilter,
} from '@sb/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScrollRegion } from '../../components/table-scroll-region.js';
import { hoursMinutes } from '../dashboard/dashboard-format.js';
import { MetricsPending } from './metrics-pending.js';
import { useGetServiceMetricsQuery } from './reports.api.js';

type Part = keyof Omit<ServiceDurations, 'firstResponseDistribution'>;
type Stat = keyof Omit<MinutesSummary, 'count'>;

/** The rows of the service-times table: a label key and which figure of which measure. */
const Measures: [keyof CustomTypeOptions['resources']['reports']['metrics'], Part, Stat][] = [
  ['firstResponseAvg', 'firstResponse', 'avgMinutes'],
  ['firstResponseMedian', 'firstResponse', 'medianMinutes'],
  ['nextResponseAvg', 'nextResponse', 'avgMinutes'],
  ['nextResponseMedian', 'nextResponse', 'medianMinutes'],
  ['resolutionAvg', 'resolution', 'avgMinutes'],
  ['resolutionMedian', 'resolution', 'medianMinutes'],
];

/** A figure as hours:minutes; "—" when nothing was measured (not a duration of 00:00). */
const figure = (summary: MinutesSummary, stat: Stat) =>
  summary.count === 0 ? '—' : hoursMinutes(summary[stat]);

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
  const { data, isFetching, isError } = useGetServiceMetricsQuery(filter);
  const titleId = useId();
  if (isError || !data) return <MetricsPending title={t('metrics.title')} failed={isError} />;
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
      <TableScrollRegion aria-labelledby={titleId}>
        <Table.Root size="sm" data-testid="service-times" aria-labelledby={titleId}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('metrics.measure')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('metrics.wallClock')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('metrics.businessHours')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {Measures.map(([key, part, stat]) => (
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
                <Table.Cell textAlign="end">{figure(data.wallClock[part], stat)}</Table.Cell>
                <Table.Cell textAlign="end">{figure(data.businessHours[part], stat)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScrollRegion>
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
