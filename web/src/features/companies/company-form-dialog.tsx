import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import {
  CompanyInput,
  CompanyUpdateInput,
  PlatformCompanyId,
  RecurrenceNames,
  type CompanyView,
} from '@sb/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarDayOf } from '../../lib/dates.js';
import { FormDialog } from '../../components/form-dialog.js';
import { TextField } from '../../components/form-fields.js';
import { useFormSave } from '../../components/form-save.js';
import { SubmitDelayMs } from '../../components/submit-delay.js';
import { notify } from '../../components/toaster.js';
import { fieldErrors } from '../../components/field-errors.js';
import { useGetPlansQuery } from '../plans/plans.api.js';
import { useCreateCompanyMutation, useUpdateCompanyMutation } from './companies.api.js';

type Values = Record<
  | 'name'
  | 'email'
  | 'password'
  | 'phone'
  | 'document'
  | 'planId'
  | 'status'
  | 'dueDate'
  | 'recurrence',
  string
>;

/** The due day for the date input: the day the stored midnight UTC names, in any time zone. */
const toDateInput = (iso: string | null | undefined): string => calendarDayOf(iso);

/** The chosen day as it is (the contract stores it as that day's midnight UTC); empty goes as null. */
const fromDateInput = (value: string): string | null => value || null;

const initialValues = (company?: CompanyView): Values => ({
  name: company?.name ?? '',
  email: company?.email ?? '',
  password: '',
  phone: company?.phone ?? '',
  document: company?.document ?? '',
  planId: company ? String(company.planId) : '',
  status: company?.status === false ? 'false' : 'true',
  dueDate: toDateInput(company?.dueDate),
  recurrence: company?.recurrence ?? 'MENSAL',
});

/** Add or edit a company; on add, email + password create the company's first admin. */
export const CompanyFormDialog = ({
  company,
  open,
  onClose,
}: {
  company?: CompanyView;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation('companies');
  const { data: plans = [] } = useGetPlansQuery();
  const [create] = useCreateCompanyMutation();
  const [update] = useUpdateCompanyMutation();
  const [values, setValues] = useState<Values>(() => initialValues(company));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const { saving, save } = useFormSave({
    delayMs: SubmitDelayMs.administration,
    onFailed: () => notify.error(t('saveError')),
  });
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const raw = {
      ...values,
      status: values.status === 'true',
      // an unchanged day keeps the stored instant (and records no invoice)
      dueDate:
        company && values.dueDate === toDateInput(company.dueDate)
          ? undefined
          : fromDateInput(values.dueDate),
      password: values.password || undefined,
      planId: values.planId || undefined,
    };
    const parsed = company ? CompanyUpdateInput.safeParse(raw) : CompanyInput.safeParse(raw);
    if (!parsed.success) {
      setErrors(
        fieldErrors<keyof Values>(parsed.error.issues, raw, t('required'), () => t('invalid')),
      );
      return;
    }
    setErrors({});
    await save(async () => {
      if (company) await update({ id: company.id, ...parsed.data }).unwrap();
      else await create(parsed.data as CompanyInput).unwrap();
      notify.success(t('success'));
      onClose();
    });
  };

  // company 1 stays active and never expires: the server ignores these, the form says so
  const platform = company?.id === PlatformCompanyId;
  // (the plan is a select of its own)
  const text = (key: Exclude<keyof Values, 'planId'>, type = 'text', disabled = false) => (
    <TextField
      label={t(key)}
      required={['name', 'email', 'planId'].includes(key)}
      error={errors[key]}
      value={values[key]}
      onChange={set(key)}
      input={{ type, disabled }}
    />
  );

  return (
    <FormDialog
      ns="companies"
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title={t(company ? 'editTitle' : 'addTitle')}
      saving={saving}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {text('name')}
        {text('email', 'email')}
        {text('password', 'password')}
        {text('phone')}
        {text('document')}
        <Field.Root invalid={!!errors.planId} required>
          <Field.Label>{t('plan')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label={t('plan')}
              value={values.planId}
              onChange={(e) => set('planId')(e.target.value)}
            >
              <option value="">{t('choosePlan')}</option>
              {plans.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
          <Field.ErrorText>{errors.planId}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('status')}</Field.Label>
          <NativeSelect.Root disabled={platform}>
            <NativeSelect.Field
              aria-label={t('status')}
              value={values.status}
              onChange={(e) => set('status')(e.target.value)}
            >
              <option value="true">{t('active')}</option>
              <option value="false">{t('inactive')}</option>
            </NativeSelect.Field>
          </NativeSelect.Root>
        </Field.Root>
        {text('dueDate', 'date', platform)}
        <Field.Root>
          <Field.Label>{t('recurrence')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label={t('recurrence')}
              value={values.recurrence}
              onChange={(e) => set('recurrence')(e.target.value)}
            >
              {RecurrenceNames.map((name) => (
                <option key={name} value={name}>
                  {t(`recurrences.${name}`)}
                </option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
    </FormDialog>
  );
};
