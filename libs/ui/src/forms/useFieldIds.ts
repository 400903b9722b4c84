import { type ReactNode, useId } from 'react';

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

/** What every labelled field takes besides its control's own attributes. */
export interface LabelledFieldProps {
  label: ReactNode;
  /** Shown in red under the field; also sets aria-invalid. */
  error?: ReactNode;
  helperText?: ReactNode;
  hideLabel?: boolean;
  /** Class of the whole field (label + control + texts). */
  className?: string;
  id?: string;
  required?: boolean;
  'aria-describedby'?: string;
}

/**
 * A labelled field's wiring, the same in every field: its ids; what its shell shows around the
 * control (label, asterisk, helper, error); and the control's attributes (`controlAttributes`,
 * `describedBy` adding an id of the field's own, such as a counter's), then the caller's other
 * props for the control.
 */
export function useLabelledField<P extends LabelledFieldProps>(
  props: P,
  describedBy?: (ids: FieldIds) => string | undefined,
) {
  const {
    label,
    error,
    helperText,
    hideLabel,
    required,
    id,
    className,
    'aria-describedby': own,
    ...rest
  } = props;
  const ids = useFieldIds(id, { helper: Boolean(helperText), error: Boolean(error) });
  return {
    ids,
    shell: { ids, label, required, hideLabel, helperText, error, className },
    control: {
      ...controlAttributes(ids, { error, required, more: [describedBy?.(ids), own] }),
      ...rest,
    },
  };
}
