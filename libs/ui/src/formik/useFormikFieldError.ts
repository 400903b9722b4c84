import { getIn, useFormikContext } from 'formik';

/** The field's error once it was touched or the form was submitted; undefined otherwise. */
export function useFormikFieldError(name: string): string | undefined {
  const { errors, touched, submitCount } = useFormikContext<Record<string, unknown>>();
  const error: unknown = getIn(errors, name);
  const wasTouched = Boolean(getIn(touched, name));
  if (typeof error !== 'string' || error === '') return undefined;
  return wasTouched || submitCount > 0 ? error : undefined;
}
