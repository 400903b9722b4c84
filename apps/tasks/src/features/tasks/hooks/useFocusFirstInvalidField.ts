import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { TASK_FIELD_IDS, TASK_FORM_FIELDS, type TaskFormValues } from '../model/taskFormSchema';

/**
 * After a submit that failed validation, moves the focus to the first invalid field in the
 * spec's validation order, so keyboard and screen-reader users land on what to fix first.
 */
export function useFocusFirstInvalidField(): void {
  const { submitCount, isSubmitting, isValidating, errors } = useFormikContext<TaskFormValues>();
  const handledRef = useRef(0);

  useEffect(() => {
    if (submitCount === handledRef.current || isSubmitting || isValidating) return;
    handledRef.current = submitCount;
    const first = TASK_FORM_FIELDS.find((field) => errors[field]);
    if (first) document.getElementById(TASK_FIELD_IDS[first])?.focus();
  }, [submitCount, isSubmitting, isValidating, errors]);
}
