import {
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Text,
  Textarea,
  type InputProps,
} from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { LuTrash2 } from 'react-icons/lu';

type FieldFrame = {
  label: string;
  error?: string | null;
  required?: boolean;
  /** also name the control itself (tests and screen readers find it by this label) */
  namedControl?: boolean;
};

const controlName = (label: string, named?: boolean) => (named ? { 'aria-label': label } : {});

/**
 * A labelled text input (or, with `rows`, a textarea) with its error line; `input` passes the input's
 * own attributes (type, placeholder, step...).
 */
export const TextField = ({
  label,
  error,
  required,
  namedControl,
  value,
  onChange,
  rows,
  input,
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  input?: Omit<InputProps, 'value' | 'onChange'>;
}) => {
  const common = {
    ...controlName(label, namedControl),
    value,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <Field.Root invalid={!!error} required={required}>
      <Field.Label>{label}</Field.Label>
      {rows ? <Textarea rows={rows} {...common} /> : <Input {...input} {...common} />}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
};

/** A labelled native select; `placeholder` is a first, empty choice. */
export const SelectField = ({
  label,
  error,
  required,
  namedControl,
  value,
  onChange,
  options,
  placeholder,
}: FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string | number, string])[];
  placeholder?: string;
}) => (
  <Field.Root invalid={!!error} required={required}>
    <Field.Label>{label}</Field.Label>
    <NativeSelect.Root>
      <NativeSelect.Field
        {...controlName(label, namedControl)}
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
    <Field.ErrorText>{error}</Field.ErrorText>
  </Field.Root>
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
