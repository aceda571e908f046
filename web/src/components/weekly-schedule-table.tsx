import { Input, Table } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const TimeFields = ['startTimeA', 'endTimeA', 'startTimeB', 'endTimeB'] as const;
type TimeField = (typeof TimeFields)[number];

/** One weekday of opening hours: two ranges, HH:MM (company, queue and connection schedules alike). */
export type WeeklyScheduleRow = { weekdayEn: string } & Record<TimeField, string>;

/** The schedules name their days in English, lower case: the keys of `schedule.weekdays`. */
type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/**
 * The weekday × two-ranges grid of working hours, used by the company, queue and connection
 * schedules. Times step by 10 minutes; each input is labelled "<weekday> <field>".
 */
export const WeeklyScheduleTable = ({
  rows,
  onChange,
}: {
  rows: WeeklyScheduleRow[];
  onChange: (index: number, change: Partial<Record<TimeField, string>>) => void;
}) => {
  const { t } = useTranslation('common');
  return (
    <Table.Root size="sm">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('schedule.weekday')}</Table.ColumnHeader>
          {TimeFields.map((field) => (
            <Table.ColumnHeader key={field}>{t(`schedule.fields.${field}`)}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row, index) => {
          const day = t(`schedule.weekdays.${row.weekdayEn as Weekday}`);
          return (
            <Table.Row key={row.weekdayEn}>
              <Table.Cell>{day}</Table.Cell>
              {TimeFields.map((field) => (
                <Table.Cell key={field}>
                  <Input
                    size="sm"
                    type="time"
                    step={600}
                    aria-label={`${day} ${t(`schedule.fields.${field}`)}`}
                    value={row[field]}
                    onChange={(e) => onChange(index, { [field]: e.target.value })}
                  />
                </Table.Cell>
              ))}
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
};
