import { Field, NativeSelect } from '@chakra-ui/react';

/**
 * A labelled select of records by id with an "all" first option (filters of lists and reports);
 * `onChange` gets the chosen id, or undefined for all.
 */
export const IdSelect = ({
  label,
  allLabel,
  options,
  value,
  onChange,
  maxW = '56',
}: {
  label: string;
  allLabel: string;
  options: readonly { id: number; name: string }[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  maxW?: string;
}) => (
  <Field.Root maxW={maxW}>
    <Field.Label>{label}</Field.Label>
    <NativeSelect.Root>
      <NativeSelect.Field
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  </Field.Root>
);
