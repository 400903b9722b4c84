import { useFormikContext } from 'formik';
import { useEffect } from 'react';

export interface FocusFirstErrorProps {
  /** Field names in reading order. */
  order: readonly string[];
}

/** After a submit that failed validation, moves focus to the first field in error. */
export function FocusFirstError({ order }: FocusFirstErrorProps) {
  const { submitCount, isValid, errors } = useFormikContext<Record<string, unknown>>();
  useEffect(() => {
    if (submitCount === 0 || isValid) return;
    const first = order.find((name) => name in errors);
    if (!first) return;
    document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    // Only on a new submit: typing must not yank focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);
  return null;
}
