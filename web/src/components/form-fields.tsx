import {
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Switch,
  Text,
  Textarea,
  type FieldRootProps,
  type InputProps,
} from '@chakra-ui/react';
import { useRef, type ReactNode, type Ref } from 'react';
import { LuTrash2 } from 'react-icons/lu';

type FieldFrame = {
  label: string;
  /** shown under the control, and marks the field invalid */
  error?: string | null;
  /** marks the field invalid without an error line of its own (one message for several fields) */
  invalid?: boolean;
  required?: boolean;
  disabled?: boolean;
  /** a hint under the control */
  helper?: ReactNode;
  /** also name the control itself (tests and screen readers find it by this label) */
  namedControl?: boolean;
  /** where the field sits in its row */
  layout?: Pick<FieldRootProps, 'maxW' | 'minW' | 'flex' | 'mt'>;
};

const controlName = (label: string, named?: boolean) => (named ? { 'aria-label': label } : {});

/**
 * The frame every field shares: Chakra's Field (which ties label, helper and error to the control by
 * id), the label, the control, the helper and the error line.
 */
const FieldBox = ({
  label,
  error,
  invalid,
  required,
  disabled,
  helper,
  layout,
  children,
}: FieldFrame & { children: ReactNode }) => (
  <Field.Root invalid={invalid ?? !!error} required={required} disabled={disabled} {...layout}>
    <Field.Label>{label}</Field.Label>
    {children}
    {helper && <Field.HelperText>{helper}</Field.HelperText>}
    {error && <Field.ErrorText>{error}</Field.ErrorText>}
  </Field.Root>
);

/**
 * A labelled text input (or, with `rows`, a textarea) with its helper and error lines; `input` passes
 * the input's own attributes (type, placeholder...), `inputRef` reaches the input (to focus it),
 * `addon` sits beside the input (a button).
 */
export const TextField = ({
  value,
  onChange,
  rows,
  name,
  input,
  inputRef,
  addon,
  ...frame
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  /** the control's name (forms read by name) */
  name?: string;
  input?: Omit<InputProps, 'value' | 'onChange' | 'name'>;
  inputRef?: Ref<HTMLInputElement>;
  addon?: ReactNode;
}) => {
  const common = {
    ...controlName(frame.label, frame.namedControl),
    name,
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  const control = rows ? (
    <Textarea rows={rows} {...common} />
  ) : (
    <Input ref={inputRef} {...input} {...common} />
  );
  return (
    <FieldBox {...frame}>
      {addon ? (
        <HStack w="full">
          {control}
          {addon}
        </HStack>
      ) : (
        control
      )}
    </FieldBox>
  );
};

/**
 * A labelled number input. `onChange` gets the typed text, so that each form reads it its own way
 * (clamped, or empty for none); `value` null shows an empty input.
 */
export const NumberField = ({
  value,
  onChange,
  min,
  max,
  step,
  placeholder,
  ...frame
}: FieldFrame & {
  value: number | null;
  onChange: (text: string) => void;
  min?: number;
  max?: number;
  step?: number;
  placeholder?: string;
}) => (
  <FieldBox {...frame}>
    <Input
      {...controlName(frame.label, frame.namedControl)}
      type="number"
      min={min}
      max={max}
      step={step}
      placeholder={placeholder}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
    />
  </FieldBox>
);

/** A labelled native select; `placeholder` is a first, empty choice. */
export const SelectField = ({
  value,
  onChange,
  options,
  placeholder,
  size,
  ...frame
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string | number, string])[];
  placeholder?: string;
  size?: 'sm' | 'md';
}) => (
  <FieldBox {...frame}>
    <NativeSelect.Root size={size}>
      <NativeSelect.Field
        {...controlName(frame.label, frame.namedControl)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  </FieldBox>
);

/** An on/off switch with its label (the label is the switch's own, so no Field around it). */
export const SwitchField = ({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) => (
  <Switch.Root checked={checked} disabled={disabled} onCheckedChange={(e) => onChange(e.checked)}>
    <Switch.HiddenInput />
    <Switch.Control />
    <Switch.Label>{label}</Switch.Label>
  </Switch.Root>
);

/**
 * One optional file of a record (an image, a media): the attach button, the chosen or stored file's name
 * with a remove button, and the hidden file input.
 */
export const AttachmentField = ({
  label,
  attachLabel,
  icon,
  removeLabel,
  fileName,
  nameTestId,
  inputTestId,
  accept,
  error,
  onChoose,
  onRemove,
}: {
  label: string;
  attachLabel: string;
  icon: ReactNode;
  removeLabel: string;
  fileName: string | null | undefined;
  nameTestId: string;
  inputTestId?: string;
  accept: string;
  error?: string;
  onChoose: (file: File) => void;
  onRemove: () => void;
}) => {
  const input = useRef<HTMLInputElement>(null);
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <HStack>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
          {icon} {attachLabel}
        </Button>
        {fileName && (
          <>
            <Text fontSize="sm" truncate data-testid={nameTestId}>
              {fileName}
            </Text>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              aria-label={removeLabel}
              onClick={onRemove}
            >
              <LuTrash2 />
            </Button>
          </>
        )}
      </HStack>
      <input
        ref={input}
        type="file"
        hidden
        data-testid={inputTestId}
        accept={accept}
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onChoose(chosen);
          e.target.value = '';
        }}
      />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
};
