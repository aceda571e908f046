import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react';
import type { DashboardCounters } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDay } from '../../lib/dates.js';
import { TableEmptyRow } from '../../components/table-empty-row.js';
import { LuFilter } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.js';
import { TableScrollRegion } from '../../components/table-scroll-region.js';
import { PageTitle } from '../../components/page-title.js';
import { selectUser } from '../auth/session.slice.js';
import { BarChart, NpsGauge } from './dashboard-charts.js';
import { errorMessage } from '../../api/error-message.js';
import { useReportToday } from '../moments/use-report-today.js';
import { filterOf, rangeOf, type FilterForm } from './dashboard-filter.js';
import { firstDayOfMonth, hoursMinutes } from './dashboard-format.js';
import { dayOfBar, inboxOf, reportOf } from './drill-down.js';
import { useLiveDashboard } from './dashboard-live.js';
import {
  useGetDashboardQuery,
  useGetTicketsDayQuery,
  useGetTicketsUsersQuery,
} from './dashboard.api.js';

/** A count or percentage of the figures; "—" until they are loaded (never a made-up 0). */
const figure = (value: number | undefined, suffix = '') =>
  value === undefined ? '—' : `${value}${suffix}`;

/** A figure; with `to`, a link to the tickets behind it (issue 18, drill-down). */
const Card = ({
  label,
  value,
  testId,
  to,
}: {
  label: string;
  value: string | number;
  testId: string;
  to?: string;
}) => {
  const figure = (
    <>
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold">
        {value}
      </Text>
    </>
  );
  const frame = { borderWidth: '1px', borderRadius: 'md', p: '4', bg: 'bg.panel' } as const;
  return to ? (
    <Box asChild {...frame} display="block" _hover={{ borderColor: 'brand.solid' }}>
      <RouterLink to={to} data-testid={testId}>
        {figure}
      </RouterLink>
    </Box>
  ) : (
    <Box {...frame} data-testid={testId}>
      {figure}
    </Box>
  );
};

/**
 * The admin's start page (spec 2 §2 Dashboard): tabs Indicators, NPS and Attendants over one filter
 * (days, or a start and/or an end date; start defaults to the first day of the month), live over the
 * socket.
 */
export const DashboardPage = () => {
  const today = useReportToday();
  // the filter's default days are the company's: the view waits the moment its zone takes to read
  return today ? (
    <DashboardView today={today} />
  ) : (
    <PageTitle titleKey="dashboard">
      <Spinner size="sm" />
    </PageTitle>
  );
};

const DashboardView = ({ today }: { today: string }) => {
  const { t, i18n } = useTranslation('dashboard');
  const viewer = useAppSelector(selectUser);
  const [showFilter, setShowFilter] = useState(false);
  const [form, setForm] = useState<FilterForm>({
    days: '',
    from: firstDayOfMonth(today),
    to: today,
  });
  const filter = filterOf(form);
  useLiveDashboard(viewer?.companyId);

  // the charts read the same period as dates
  const range = filter && rangeOf(filter, today);
  const skip = !filter;
  const dashboard = useGetDashboardQuery(filter ?? {}, { skip });
  const users = useGetTicketsUsersQuery(range!, { skip });
  const perDay = useGetTicketsDayQuery(range!, { skip });
  const counters: DashboardCounters | undefined = dashboard.data?.counters;

  const set = (field: keyof FilterForm) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((old) => ({ ...old, [field]: e.target.value }));

  return (
    <PageTitle titleKey="dashboard">
      <HStack justify="end" mb="3">
        <Button
          variant="outline"
          onClick={() => setShowFilter((v) => !v)}
          aria-expanded={showFilter}
        >
          <LuFilter /> {t('filter')}
        </Button>
      </HStack>
      {showFilter && (
        <HStack gap="4" mb="4" wrap="wrap" align="end" data-testid="dashboard-filter">
          <Field.Root maxW="40">
            <Field.Label>{t('days')}</Field.Label>
            <Input type="number" min={1} value={form.days} onChange={set('days')} />
          </Field.Root>
          <Field.Root maxW="48">
            <Field.Label>{t('startDate')}</Field.Label>
            <Input type="date" value={form.from} onChange={set('from')} />
          </Field.Root>
          <Field.Root maxW="48">
            <Field.Label>{t('endDate')}</Field.Label>
            <Input type="date" value={form.to} onChange={set('to')} />
          </Field.Root>
        </HStack>
      )}
      {dashboard.isError && (
        <Text color="fg.error" role="alert" mb="3" data-testid="dashboard-error">
          {errorMessage(dashboard.error, i18n.t)}
        </Text>
      )}
      {!filter ? (
        <Text data-testid="dashboard-no-filter">{t('configureFilter')}</Text>
      ) : (
        <Tabs.Root defaultValue="indicators" lazyMount>
          <Tabs.List>
            <Tabs.Trigger value="indicators">{t('tabs.indicators')}</Tabs.Trigger>
            <Tabs.Trigger value="nps">{t('tabs.nps')}</Tabs.Trigger>
            <Tabs.Trigger value="attendants">{t('tabs.attendants')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="indicators">
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" mb="6">
              <Card
                testId="card-happening"
                to={inboxOf('open')}
                label={t('supportHappening')}
                value={figure(counters?.supportHappening)}
              />
              <Card
                testId="card-pending"
                to={inboxOf('pending')}
                label={t('supportPending')}
                value={figure(counters?.supportPending)}
              />
              <Card
                testId="card-finished"
                to={range && reportOf('tickets', range, { status: 'closed' })}
                label={t('supportFinished')}
                value={figure(counters?.supportFinished)}
              />
              <Card testId="card-leads" label={t('leads')} value={figure(counters?.leads)} />
              <Card
                testId="card-wait"
                to={range && reportOf('duration', range)}
                label={t('avgWaitTime')}
                value={counters ? hoursMinutes(counters.avgWaitTime) : '—'}
              />
              <Card
                testId="card-support"
                to={range && reportOf('duration', range)}
                label={t('avgSupportTime')}
                value={counters ? hoursMinutes(counters.avgSupportTime) : '—'}
              />
            </SimpleGrid>
            <Stack gap="8">
              {users.isError ? (
                <Text color="fg.error">{t('chartError')}</Text>
              ) : (
                <BarChart
                  title={t('ticketsPerUser')}
                  bars={(users.data?.data ?? []).map((row) => ({
                    label: row.nome,
                    value: row.quantidade,
                    // the chart leaves group tickets out, and so does its list
                    to: range && reportOf('tickets', range, { userId: row.userId, groups: false }),
                  }))}
                />
              )}
              {perDay.isError ? (
                <Text color="fg.error">{t('chartError')}</Text>
              ) : (
                <BarChart
                  title={
                    range?.initialDate === range?.finalDate
                      ? t('ticketsPerHour')
                      : t('ticketsPerDay')
                  }
                  bars={(perDay.data?.data ?? []).map((row) => {
                    // an hour's bar opens its day (the report's dates are whole days)
                    const day = 'horario' in row ? range?.initialDate : dayOfBar(row.data);
                    return {
                      label:
                        'horario' in row
                          ? `${row.horario}h`
                          : formatCalendarDay(day, i18n.language),
                      value: row.total,
                      to: day && reportOf('tickets', { initialDate: day, finalDate: day }),
                    };
                  })}
                />
              )}
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="nps">
            <Stack gap="6" align="center">
              <NpsGauge score={counters?.npsScore} label={t('npsCards.score')} />
              <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" w="full">
                <Card
                  testId="nps-promoters"
                  to={range && reportOf('nps', range, { npsClass: 'promoter' })}
                  label={t('npsCards.promoters')}
                  value={figure(counters?.npsPromotersPerc, '%')}
                />
                <Card
                  testId="nps-passives"
                  to={range && reportOf('nps', range, { npsClass: 'passive' })}
                  label={t('npsCards.passives')}
                  value={figure(counters?.npsPassivePerc, '%')}
                />
                <Card
                  testId="nps-detractors"
                  to={range && reportOf('nps', range, { npsClass: 'detractor' })}
                  label={t('npsCards.detractors')}
                  value={figure(counters?.npsDetractorsPerc, '%')}
                />
              </SimpleGrid>
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" w="full">
                <Card
                  testId="nps-tickets"
                  to={range && reportOf('tickets', range, { status: 'closed' })}
                  label={t('npsCards.closedTickets')}
                  value={figure(counters?.tickets)}
                />
                <Card
                  testId="nps-waiting"
                  to={range && reportOf('tickets', range, { status: 'nps' })}
                  label={t('waitRating')}
                  value={figure(counters?.waitRating)}
                />
                <Card
                  testId="nps-with"
                  to={range && reportOf('nps', range)}
                  label={t('npsCards.rated')}
                  value={figure(counters?.withRating)}
                />
                <Card
                  testId="nps-without"
                  label={t('npsCards.notRated')}
                  value={figure(counters?.withoutRating)}
                />
                <Card
                  testId="nps-perc"
                  label={t('npsCards.ratedShare')}
                  value={figure(counters?.percRating, '%')}
                />
              </SimpleGrid>
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="attendants">
            <TableScrollRegion aria-label={t('tabs.attendants')}>
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('name')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('rating')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('countRating')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('tickets')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('avgWaitTime')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('avgSupportTime')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('status')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {dashboard.data?.attendants.length === 0 && (
                    <TableEmptyRow columns={7} text={t('noAttendants')} />
                  )}
                  {(dashboard.data?.attendants ?? []).map((row) => (
                    <Table.Row key={row.id} data-testid="attendant-row">
                      <Table.Cell>{row.name}</Table.Cell>
                      <Table.Cell>{row.rating.toFixed(2)}</Table.Cell>
                      <Table.Cell>{row.countRating}</Table.Cell>
                      <Table.Cell>{row.tickets}</Table.Cell>
                      <Table.Cell>{hoursMinutes(row.avgWaitTime)}</Table.Cell>
                      <Table.Cell>{hoursMinutes(row.avgSupportTime)}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={row.online ? 'green' : 'gray'}>
                          {row.online ? t('online') : t('offline')}
                        </Badge>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </TableScrollRegion>
          </Tabs.Content>
        </Tabs.Root>
      )}
    </PageTitle>
  );
};
