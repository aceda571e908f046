import { Checkbox, Fieldset, Text, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type CheckboxOption<V extends string | number> = { value: V; label: ReactNode };

/** `value` with `option` added (once, in the options' order) or removed. */
export const toggled = <V extends string | number>(
  value: readonly V[],
  option: V,
  checked: boolean,
  order: readonly V[] = [],
): V[] => {
  const rest = value.filter((v) => v !== option);
  if (!checked) return rest;
  const next = [...rest, option];
  return order.length ? order.filter((v) => next.includes(v)) : next;
};

/**
 * A group of checkboxes that picks several values (queues, users, tags, weekdays...). A fieldset,
 * never a Field: Chakra's Field gives every control inside it the field's one id, so each label
 * pointed at the first box (clicking "Sales" ticked "Support"). Here each box keeps its own id and
 * the legend names the group.
 */
export const CheckboxGroupField = <V extends string | number>({
  legend,
  options,
  value,
  onChange,
  empty,
  disabled,
  error,
  required,
  direction = 'wrap',
  testId,
}: {
  legend: ReactNode;
  options: readonly CheckboxOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  /** shown instead of the boxes when there are no options */
  empty?: ReactNode;
  disabled?: boolean;
  error?: string | null;
  required?: boolean;
  direction?: 'wrap' | 'column';
  testId?: string;
}) => {
  const order = options.map((o) => o.value);
  return (
    <Fieldset.Root invalid={!!error} disabled={disabled} gap="1.5">
      <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg">
        {legend}
        {required && (
          <Text as="span" color="fg.error" aria-hidden ms="1">
            *
          </Text>
        )}
      </Fieldset.Legend>
      {options.length === 0 && empty ? (
        <Text fontSize="sm" color="fg.muted">
          {empty}
        </Text>
      ) : (
        <Wrap
          gap="3"
          flexDirection={direction === 'column' ? 'column' : 'row'}
          data-testid={testId}
        >
          {options.map((option) => (
            <Checkbox.Root
              key={option.value}
              size="sm"
              disabled={disabled}
              checked={value.includes(option.value)}
              onCheckedChange={(e) =>
                onChange(toggled(value, option.value, e.checked === true, order))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{option.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Wrap>
      )}
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
};
