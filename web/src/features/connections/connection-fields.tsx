import { useTranslation } from 'react-i18next';
import { NumberField, SelectField, TextField } from '../../components/form-fields.js';
import { MessageFields, NumberMax, type NumberKey } from './connection-form.js';
import type { ConnectionForm } from './use-connection-form.js';

/*
 * The dialog's fields named by their draft key: the label is the key's text, the helper its `help.`
 * text, the error the one a refused save gave that field.
 */

type Props<K> = { form: ConnectionForm; name: K };

/** A whole number from 0 to the contract's maximum. */
export const ConnectionNumber = ({ form, name }: Props<NumberKey>) => {
  const { t } = useTranslation('connections');
  return (
    <NumberField
      label={t(name)}
      helper={t(`help.${name}`)}
      error={form.fieldErrors[name]}
      layout={{ maxW: '64' }}
      min={0}
      max={NumberMax}
      step={1}
      value={form.draft[name]}
      onChange={(text) =>
        form.set(name, Math.min(NumberMax, Math.max(0, Math.trunc(Number(text)) || 0)))
      }
    />
  );
};

/** The bot's texts shown with a helper text (`help.<field>`); the messages tab's go without. */
const HelpedMessages = ['expiresInactiveMessage', 'inactiveMessage', 'ratingMessage'] as const;
type HelpedMessage = (typeof HelpedMessages)[number];
const isHelped = (name: string): name is HelpedMessage =>
  (HelpedMessages as readonly string[]).includes(name);

/** A free text of the bot. */
export const ConnectionText = ({
  form,
  name,
}: Props<(typeof MessageFields)[number] | HelpedMessage>) => {
  const { t } = useTranslation('connections');
  return (
    <TextField
      label={t(name)}
      helper={isHelped(name) ? t(`help.${name}`) : undefined}
      error={form.fieldErrors[name]}
      rows={3}
      value={form.draft[name]}
      onChange={(value) => form.set(name, value)}
    />
  );
};

/** A select of the form, named by its label; the caller reads and writes its value. */
export const ConnectionSelect = ({
  form,
  name,
  value,
  options,
  onChange,
  disabled,
}: Props<
  | 'groupAsTicket'
  | 'whenExpiresTicket'
  | 'sendIdQueue'
  | 'integrationId'
  | 'promptId'
  | 'timeSendQueue'
> & {
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation('connections');
  return (
    <SelectField
      label={t(name)}
      namedControl
      helper={t(`help.${name}`)}
      error={form.fieldErrors[name]}
      disabled={disabled}
      layout={{ maxW: 'sm' }}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
};
