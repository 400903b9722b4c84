import { type ChangeEvent, type Ref, type TextareaHTMLAttributes, useState } from 'react';
import styled from 'styled-components';
import { controlBox } from './fieldStyles';
import { FieldShell } from './FieldShell';
import { type FieldIds, type LabelledFieldProps, useLabelledField } from './useFieldIds';

export interface TextAreaProps
  extends TextareaHTMLAttributes<HTMLTextAreaElement>, LabelledFieldProps {
  /**
   * Shows a "n/limit" counter. It does not cut the text (unlike maxLength), so the form can show
   * its own message when the limit is passed.
   */
  characterLimit?: number;
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

const counterIdOf = (ids: FieldIds) => `${ids.inputId}-counter`;

export function TextArea({
  characterLimit,
  ref,
  value,
  defaultValue,
  onChange,
  ...props
}: TextAreaProps) {
  const { ids, shell, control } = useLabelledField(props, (fieldIds) =>
    characterLimit ? counterIdOf(fieldIds) : undefined,
  );
  const [uncontrolledLength, setUncontrolledLength] = useState(
    defaultValue === undefined ? 0 : String(defaultValue).length,
  );
  const length = value === undefined ? uncontrolledLength : String(value).length;

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    if (value === undefined) setUncontrolledLength(event.target.value.length);
    onChange?.(event);
  };

  return (
    <FieldShell {...shell}>
      <StyledTextArea
        ref={ref}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        {...control}
      />
      {characterLimit ? (
        <StyledCounter id={counterIdOf(ids)} $over={length > characterLimit}>
          {length}/{characterLimit}
        </StyledCounter>
      ) : null}
    </FieldShell>
  );
}
