import { getIn, useFormikContext } from 'formik';

/** A field's error once it was touched or the form was submitted (as the ui kit's Formik fields). */
export function useFieldError(name: string): string | undefined {
  const { errors, touched, submitCount } = useFormikContext<Record<string, unknown>>();
  const error: unknown = getIn(errors, name);
  if (typeof error !== 'string' || error === '') return undefined;
  return getIn(touched, name) || submitCount > 0 ? error : undefined;
}
