import { useState } from 'react';
import { formatDate, maskDateText, parseDateText } from '@crm-panel/format';
import { TextInput, type TextInputProps } from './TextInput';

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** The day as 'yyyy-mm-dd' once the text is a real one; else the text as typed ('' for none). */
  value: string;
  /** Called on every keystroke with what `value` is then. */
  onChange: (value: string) => void;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a DateField's value is a day ('yyyy-mm-dd'), not an unfinished or impossible text. */
export const isDateFieldDay = (value: string): boolean => DAY.test(value);

/** What the field shows for a value: a day as dd/mm/yyyy, anything else as it was typed. */
const textOf = (value: string): string => (isDateFieldDay(value) ? formatDate(value) : value);
/** The value for what was typed: the day as yyyy-mm-dd once it is one, else the text. */
const valueOf = (text: string): string => parseDateText(text) ?? text;

/**
 * A date field that shows and accepts dd/mm/yyyy whatever the browser's language (a native date
 * input follows the browser's locale: mm/dd/yyyy in an English Chromium), the slashes put in as
 * the digits are typed. Its value is 'yyyy-mm-dd' once the text is a real day, and the text
 * itself until then, so whoever holds it can tell an unfinished or impossible date from an empty
 * one, and keeps what the person typed.
 */
export function DateField({
  value,
  onChange,
  placeholder = 'dd/mm/aaaa',
  ...rest
}: DateFieldProps) {
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
      value={text}
      onChange={(event) => {
        const typed = maskDateText(event.target.value);
        const next = valueOf(typed);
        setText(typed);
        setShownValue(next);
        onChange(next);
      }}
    />
  );
}
