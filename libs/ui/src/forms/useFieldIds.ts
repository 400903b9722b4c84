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
