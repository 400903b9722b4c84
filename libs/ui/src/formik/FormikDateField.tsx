import { useField } from 'formik';
import { useState } from 'react';
import { formatDate, maskDateText, parseDateText } from '@crm-panel/format';
import { TextInput, type TextInputProps } from '@ui/forms/TextInput';
import { useFormikFieldError } from './useFormikFieldError';

export interface FormikDateFieldProps extends Omit<
  TextInputProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'type'
> {
  name: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What the field shows for a form value: a day as dd/mm/yyyy, anything else as it was typed. */
const textOf = (value: string): string => (DAY.test(value) ? formatDate(value) : value);
/** The form value for what was typed: the day as yyyy-mm-dd once it is one, else the text. */
const valueOf = (text: string): string => parseDateText(text) ?? text;

/**
 * A date field that shows and accepts dd/mm/yyyy whatever the browser's language (a native date
 * input follows the browser's locale: mm/dd/yyyy in an English Chromium). The formik value is
 * 'yyyy-mm-dd' once the text is a real day, and the text itself until then, so the form's
 * schema can tell an unfinished or impossible date from an empty one.
 */
export function FormikDateField({
  name,
  placeholder = 'dd/mm/aaaa',
  ...rest
}: FormikDateFieldProps) {
  const [field, , helpers] = useField<string | null | undefined>(name);
  const error = useFormikFieldError(name);
  const value = field.value ?? '';
  const [text, setText] = useState(() => textOf(value));
  const [shownValue, setShownValue] = useState(value);
  // A value set from outside (a task loaded for editing, a reset) replaces what is shown.
  if (value !== shownValue) {
    setShownValue(value);
    setText(textOf(value));
  }
  return (
    <TextInput
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={placeholder}
      name={field.name}
      value={text}
      onChange={(event) => {
        const typed = maskDateText(event.target.value);
        const next = valueOf(typed);
        setText(typed);
        setShownValue(next);
        void helpers.setValue(next);
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
