import { type ReactNode } from 'react';
import { Icon } from '@ui/components/Icon';
import { VisuallyHidden } from '@ui/components/VisuallyHidden';
import { useSteadyWhilePointerDown } from '@ui/hooks/useSteadyWhilePointerDown';
import { StyledError, StyledField, StyledHelper, StyledLabel, StyledRequired } from './fieldStyles';
import { type FieldIds } from './useFieldIds';

export interface FieldShellProps {
  ids: FieldIds;
  label?: ReactNode;
  /** 'label' ties to the control with htmlFor; 'span' is for widgets named via aria-labelledby. */
  labelElement?: 'label' | 'span';
  required?: boolean;
  hideLabel?: boolean;
  helperText?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: ReactNode;
  onLabelClick?: () => void;
}

export interface FieldMessagesProps {
  ids: FieldIds;
  helperText?: ReactNode;
  error?: ReactNode;
}

/** The helper text and the error text under a field's control, with the ids that describe it. */
export function FieldMessages({ ids, helperText, error }: FieldMessagesProps) {
  // A message appearing or going while a button is pressed would move that button (lost click).
  const shownError = useSteadyWhilePointerDown(error);
  return (
    <>
      {helperText ? <StyledHelper id={ids.helperId}>{helperText}</StyledHelper> : null}
      {shownError ? (
        <StyledError id={ids.errorId}>
          <Icon name="error" size={12} />
          {shownError}
        </StyledError>
      ) : null}
    </>
  );
}

/** Label (with the required asterisk), control, helper text and error text of one field. */
export function FieldShell({
  ids,
  label,
  labelElement = 'label',
  required = false,
  hideLabel = false,
  helperText,
  error,
  className,
  children,
  onLabelClick,
}: FieldShellProps) {
  const labelContent = (
    <>
      {label}
      {required ? <StyledRequired aria-hidden="true">*</StyledRequired> : null}
    </>
  );
  const labelNode =
    label === undefined ? null : labelElement === 'label' ? (
      <StyledLabel id={ids.labelId} htmlFor={ids.inputId} onClick={onLabelClick}>
        {labelContent}
      </StyledLabel>
    ) : (
      <StyledLabel as="span" id={ids.labelId} onClick={onLabelClick}>
        {labelContent}
      </StyledLabel>
    );

  return (
    <StyledField className={className}>
      {labelNode && hideLabel ? <VisuallyHidden>{labelNode}</VisuallyHidden> : labelNode}
      {children}
      <FieldMessages ids={ids} helperText={helperText} error={error} />
    </StyledField>
  );
}
