import { Box, Button, Spinner } from '@chakra-ui/react';
import {
  ApiRoutes,
  buildPath,
  CompanySchedulesInput,
  type CompanySchedulesView,
  type WeekdaySchedule,
} from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baseApi } from '../../api/base-api.js';
import { notify, toastError } from '../../components/toaster.js';
import { WeeklyScheduleTable } from '../../components/weekly-schedule-table.js';

const schedulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCompanySchedules: build.query<CompanySchedulesView, number>({
      query: (companyId) => buildPath(ApiRoutes.companies.schedules, { id: companyId }),
    }),
    saveCompanySchedules: build.mutation<
      unknown,
      { companyId: number; schedules: WeekdaySchedule[] }
    >({
      query: ({ companyId, schedules }) => ({
        url: buildPath(ApiRoutes.companies.schedules, { id: companyId }),
        method: 'PUT',
        body: { schedules },
      }),
    }),
  }),
});

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** The spec's default working day: 08:00–12:00 and 13:00–18:00. */
export const defaultSchedules = (): WeekdaySchedule[] =>
  weekdays.map((day) => ({
    weekday: day,
    weekdayEn: day,
    startTimeA: '08:00',
    endTimeA: '12:00',
    startTimeB: '13:00',
    endTimeB: '18:00',
  }));

/** Company working hours per weekday (shown when scheduleType is company), from the stored ones. */
export const SchedulesTab = ({ companyId }: { companyId: number }) => {
  const { data, isLoading, isError } = schedulesApi.useGetCompanySchedulesQuery(companyId);
  if (isLoading) return <Spinner />;
  // a failed read still offers the default grid rather than nothing
  return <SchedulesEditor companyId={companyId} initial={isError ? undefined : data?.schedules} />;
};

const SchedulesEditor = ({
  companyId,
  initial,
}: {
  companyId: number;
  initial?: WeekdaySchedule[];
}) => {
  const { t } = useTranslation('settings');
  const [rows, setRows] = useState<WeekdaySchedule[]>(() =>
    initial && initial.length ? initial : defaultSchedules(),
  );
  const [save, { isLoading }] = schedulesApi.useSaveCompanySchedulesMutation();

  const submit = async () => {
    const parsed = CompanySchedulesInput.safeParse({ schedules: rows });
    if (!parsed.success) {
      notify.error(t('invalidSchedule'));
      return;
    }
    try {
      await save({ companyId, schedules: parsed.data.schedules }).unwrap();
      notify.success(t('schedulesSaved'));
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <>
      <Box mb="3">
        <WeeklyScheduleTable
          rows={rows}
          onChange={(index, change) =>
            setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)))
          }
        />
      </Box>
      <Button colorPalette="brand" loading={isLoading} onClick={() => void submit()}>
        {t('saveSchedules')}
      </Button>
    </>
  );
};
