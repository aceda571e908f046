import { Field, NativeSelect } from '@chakra-ui/react';

type SelectFrame = { label: string; allLabel: string; maxW?: string };

/**
 * A labelled select of named values (an enum's, say) with an "all" first option (filters of lists
 * and reports); `onChange` gets the chosen value, or undefined for all.
 */
export const ValueSelect = <V extends string>({
  label,
  allLabel,
  options,
  value,
  onChange,
  maxW = '56',
}: SelectFrame & {
  options: readonly { value: V; name: string }[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}) => (
  <Field.Root maxW={maxW}>
    <Field.Label>{label}</Field.Label>
    <NativeSelect.Root>
      <NativeSelect.Field
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as V | undefined)}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  </Field.Root>
);

/** ValueSelect of records by id; `onChange` gets the chosen id, or undefined for all. */
export const IdSelect = ({
  options,
  value,
  onChange,
  ...frame
}: SelectFrame & {
  options: readonly { id: number; name: string }[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) => (
  <ValueSelect
    {...frame}
    options={options.map((option) => ({ value: String(option.id), name: option.name }))}
    value={value === undefined ? undefined : String(value)}
    onChange={(id) => onChange(id === undefined ? undefined : Number(id))}
  />
);
