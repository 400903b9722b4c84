import {
  type ChangeEvent,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useState,
} from 'react';
import styled from 'styled-components';
import { controlBox } from './fieldStyles';
import { FieldShell } from './FieldShell';
import { controlAttributes, useFieldIds } from './useFieldIds';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: ReactNode;
  error?: ReactNode;
  helperText?: ReactNode;
  hideLabel?: boolean;
  /**
   * Shows a "n/limit" counter. It does not cut the text (unlike maxLength), so the form can show
   * its own message when the limit is passed.
   */
  characterLimit?: number;
  className?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

const StyledTextArea = styled.textarea<{ $invalid: boolean }>`
  ${controlBox}
  min-height: 96px;
  resize: vertical;
`;

const StyledCounter = styled.p<{ $over: boolean }>`
  margin: 0;
  align-self: flex-end;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $over }) => ($over ? theme.colors.dangerText : theme.colors.textMuted)};
`;

export function TextArea({
  label,
  error,
  helperText,
  hideLabel,
  required,
  id,
  className,
  characterLimit,
  ref,
  value,
  defaultValue,
  onChange,
  'aria-describedby': describedByProp,
  ...rest
}: TextAreaProps) {
  const ids = useFieldIds(id, { helper: Boolean(helperText), error: Boolean(error) });
  const counterId = `${ids.inputId}-counter`;
  const [uncontrolledLength, setUncontrolledLength] = useState(
    defaultValue === undefined ? 0 : String(defaultValue).length,
  );
  const length = value === undefined ? uncontrolledLength : String(value).length;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (value === undefined) setUncontrolledLength(event.target.value.length);
    onChange?.(event);
  };

  return (
    <FieldShell
      ids={ids}
      label={label}
      required={required}
      hideLabel={hideLabel}
      helperText={helperText}
      error={error}
      className={className}
    >
      <StyledTextArea
        ref={ref}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        {...controlAttributes(ids, {
          error,
          required,
          more: [characterLimit ? counterId : undefined, describedByProp],
        })}
        {...rest}
      />
      {characterLimit ? (
        <StyledCounter id={counterId} $over={length > characterLimit}>
          {length}/{characterLimit}
        </StyledCounter>
      ) : null}
    </FieldShell>
  );
}
