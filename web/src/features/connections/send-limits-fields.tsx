import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ConnectionSendLimits } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { LuTrash2 } from 'react-icons/lu';
import { CheckboxGroupField } from '../../components/checkbox-group.js';
import { NumberField, SwitchField, TextField } from '../../components/form-fields.js';

/** Weekday keys of common's schedule texts, by JavaScript weekday (0 = Sunday). */
const Weekdays = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
const MaxPeriods = 6;
/** What a window starts with when switched on: office hours, Monday to Friday. */
const OfficeWindow: Pick<ConnectionSendLimits, 'days' | 'periods'> = {
  days: [1, 2, 3, 4, 5],
  periods: [
    { start: '08:00', end: '12:00' },
    { start: '13:00', end: '18:00' },
  ],
};

/** A whole number ≥ 1, or null for an empty field. */
const countOf = (text: string): number | null => {
  const value = Math.trunc(Number(text));
  return text.trim() === '' || !Number.isFinite(value) || value < 1 ? null : value;
};

/**
 * The connection's limits for campaigns (issue 17): a send window on the company's clock (days and
 * periods), a daily cap and a warm-up to it. All off until set; agents' messages never wait for them.
 */
export const SendLimitsFields = ({
  value,
  onChange,
  error,
}: {
  value: ConnectionSendLimits;
  /** takes an update of the current limits, so quick changes never undo each other */
  onChange: (update: (limits: ConnectionSendLimits) => ConnectionSendLimits) => void;
  error?: string;
}) => {
  const { t } = useTranslation('connections');
  const { t: common } = useTranslation('common');
  const windowOn = value.periods.length > 0;
  const set = (change: (limits: ConnectionSendLimits) => Partial<ConnectionSendLimits>) =>
    onChange((limits) => ({ ...limits, ...change(limits) }));
  const setPeriod = (index: number, change: Partial<ConnectionSendLimits['periods'][number]>) =>
    set((l) => ({ periods: l.periods.map((p, i) => (i === index ? { ...p, ...change } : p)) }));

  return (
    <Stack gap="4" data-testid="send-limits">
      <Text fontSize="sm" color="fg.muted">
        {t('sendLimits.intro')}
      </Text>
      <SwitchField
        label={t('sendLimits.window')}
        checked={windowOn}
        onChange={(on) => set(() => (on ? OfficeWindow : { days: [], periods: [] }))}
      />
      {windowOn && (
        <Stack gap="3" ps="2">
          <Text fontSize="sm" color="fg.muted">
            {t('sendLimits.windowHelp')}
          </Text>
          <CheckboxGroupField
            legend={t('sendLimits.days')}
            options={Weekdays.map((key, day) => ({
              value: day,
              label: common(`schedule.weekdays.${key}`),
            }))}
            value={value.days}
            onChange={(days) => set(() => ({ days }))}
          />
          {value.periods.map((period, index) => (
            <HStack key={index} gap="2" align="end" wrap="wrap">
              {(['start', 'end'] as const).map((edge) => (
                <TextField
                  key={edge}
                  label={t(edge === 'start' ? 'sendLimits.from' : 'sendLimits.to')}
                  layout={{ maxW: '36' }}
                  input={{ type: 'time', step: 600 }}
                  value={period[edge]}
                  onChange={(time) => setPeriod(index, { [edge]: time })}
                />
              ))}
              <IconButton
                variant="ghost"
                aria-label={t('sendLimits.removePeriod', { from: period.start, to: period.end })}
                disabled={value.periods.length === 1}
                onClick={() => set((l) => ({ periods: l.periods.filter((_, i) => i !== index) }))}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          ))}
          {value.periods.length < MaxPeriods && (
            <Button
              size="sm"
              variant="outline"
              alignSelf="start"
              onClick={() =>
                set((l) => ({ periods: [...l.periods, { start: '19:00', end: '21:00' }] }))
              }
            >
              {t('sendLimits.addPeriod')}
            </Button>
          )}
        </Stack>
      )}
      <HStack gap="3" wrap="wrap" align="start">
        <NumberField
          label={t('sendLimits.dailyCap')}
          helper={t('sendLimits.dailyCapHelp')}
          layout={{ maxW: '64' }}
          min={1}
          step={1}
          placeholder={t('sendLimits.noCap')}
          value={value.dailyCap}
          onChange={(text) => {
            const dailyCap = countOf(text);
            set(() => ({ dailyCap, ...(dailyCap === null ? { warmUpDays: null } : {}) }));
          }}
        />
        <NumberField
          label={t('sendLimits.warmUpDays')}
          helper={t('sendLimits.warmUpDaysHelp')}
          layout={{ maxW: '64' }}
          disabled={value.dailyCap === null}
          min={2}
          max={90}
          step={1}
          placeholder={t('sendLimits.noWarmUp')}
          value={value.warmUpDays}
          onChange={(text) => set(() => ({ warmUpDays: countOf(text) }))}
        />
      </HStack>
      {error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
};
