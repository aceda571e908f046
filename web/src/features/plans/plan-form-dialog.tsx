import { Checkbox, SimpleGrid } from '@chakra-ui/react';
import { PlanFlags, PlanInput, type PlanFlag, type PlanView } from '@sb/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.js';
import { TextField } from '../../components/form-fields.js';
import { useFormSave } from '../../components/form-save.js';
import { notify } from '../../components/toaster.js';
import { SubmitDelayMs } from '../../components/submit-delay.js';
import { fieldErrors } from '../../components/field-errors.js';
import { useCreatePlanMutation, useUpdatePlanMutation } from './plans.api.js';

type Numbers = 'users' | 'connections' | 'queues' | 'amount';
type Values = { name: string; isPublic: boolean } & Record<Numbers, string> &
  Record<PlanFlag, boolean>;

const initialValues = (plan?: PlanView): Values => ({
  name: plan?.name ?? '',
  users: plan ? String(plan.users) : '',
  connections: plan ? String(plan.connections) : '',
  queues: plan ? String(plan.queues) : '',
  amount: plan?.amount ?? '0.00',
  isPublic: plan?.isPublic ?? true,
  // a new plan has every feature on (spec 2 §3)
  ...(Object.fromEntries(PlanFlags.map((flag) => [flag, plan ? plan[flag] : true])) as Record<
    PlanFlag,
    boolean
  >),
});

/** Add or edit a plan: limits, amount (2 decimals), public flag and every feature flag. */
export const PlanFormDialog = ({ plan, onClose }: { plan?: PlanView; onClose: () => void }) => {
  const { t } = useTranslation('plans');
  const [create] = useCreatePlanMutation();
  const [update] = useUpdatePlanMutation();
  const [values, setValues] = useState<Values>(() => initialValues(plan));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const { saving, save } = useFormSave({
    delayMs: SubmitDelayMs.administration,
    onFailed: () => notify.error(t('saveError')),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const raw = {
      ...values,
      users: values.users === '' ? undefined : values.users,
      connections: values.connections === '' ? undefined : values.connections,
      queues: values.queues === '' ? undefined : values.queues,
    };
    const parsed = PlanInput.safeParse(raw);
    if (!parsed.success) {
      setErrors(
        fieldErrors<keyof Values>(parsed.error.issues, raw, t('required'), () => t('invalid')),
      );
      return;
    }
    setErrors({});
    await save(async () => {
      if (plan) await update({ id: plan.id, ...parsed.data }).unwrap();
      else await create(parsed.data).unwrap();
      notify.success(t('success'));
      onClose();
    });
  };

  const field = (key: 'name' | Numbers, type = 'text') => (
    <TextField
      label={t(key)}
      required={key !== 'amount'}
      error={errors[key]}
      value={values[key]}
      onChange={(value) => setValues((v) => ({ ...v, [key]: value }))}
      input={{ type, step: key === 'amount' ? '0.01' : undefined }}
    />
  );

  const check = (key: PlanFlag | 'isPublic') => (
    <Checkbox.Root
      key={key}
      checked={values[key]}
      onCheckedChange={(e) => setValues((v) => ({ ...v, [key]: e.checked === true }))}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{t(`flags.${key}`)}</Checkbox.Label>
    </Checkbox.Root>
  );

  return (
    <FormDialog
      ns="plans"
      onClose={onClose}
      onSubmit={submit}
      title={t(plan ? 'editTitle' : 'addTitle')}
      saving={saving}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" mb="4">
        {field('name')}
        {field('amount', 'number')}
        {field('users', 'number')}
        {field('connections', 'number')}
        {field('queues', 'number')}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
        {check('isPublic')}
        {PlanFlags.map(check)}
      </SimpleGrid>
    </FormDialog>
  );
};
