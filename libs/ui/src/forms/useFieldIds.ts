import { useId } from 'react';

export interface FieldIds {
  inputId: string;
  labelId: string;
  helperId: string;
  errorId: string;
  /** Value for aria-describedby: the error first, then the helper; undefined when neither shows. */
  describedBy: string | undefined;
}

export function useFieldIds(
  id: string | undefined,
  parts: { helper: boolean; error: boolean },
): FieldIds {
  const generated = useId();
  const inputId = id ?? `field-${generated}`;
  const helperId = `${inputId}-helper`;
  const errorId = `${inputId}-error`;
  const described = [parts.error ? errorId : null, parts.helper ? helperId : null].filter(
    (part): part is string => part !== null,
  );
  return {
    inputId,
    labelId: `${inputId}-label`,
    helperId,
    errorId,
    describedBy: described.length > 0 ? described.join(' ') : undefined,
  };
}

/**
 * The control's own attributes in a labelled field, the same in every field: its id, whether it
 * is invalid and required, and what describes it (the field's error and helper, then `more`: a
 * counter's id, the caller's own aria-describedby). `$invalid` styles its border.
 */
export function controlAttributes(
  ids: FieldIds,
  field: { error?: unknown; required?: boolean; more?: (string | undefined)[] },
) {
  return {
    id: ids.inputId,
    'aria-invalid': field.error ? true : undefined,
    'aria-required': field.required || undefined,
    'aria-describedby':
      [ids.describedBy, ...(field.more ?? [])].filter(Boolean).join(' ') || undefined,
    $invalid: Boolean(field.error),
  };
}
