import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useState } from 'react';
import styled, { css } from 'styled-components';
import { type Theme } from '@ui/theme/theme';
import { useReportDirty } from './modalPageDirty';

/** The column of a form: its fields, rows and actions, one gap apart. */
export const formLayout = css`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  margin: 0;
`;

const StyledForm = styled.form`
  ${formLayout}
`;

export type FormLayoutProps = ComponentPropsWithoutRef<'form'>;

/**
 * A plain `<form>` laid out as the kit's column (with Formik, use FormikFormLayout). Once a person
 * types in it, the enclosing ModalPage asks before Escape discards that.
 */
export const FormLayout = forwardRef<HTMLFormElement, FormLayoutProps>(function FormLayout(
  { onInput, ...props },
  ref,
) {
  const [typed, setTyped] = useState(false);
  useReportDirty(typed);
  return (
    <StyledForm
      ref={ref}
      noValidate
      onInput={(event) => {
        setTyped(true);
        onInput?.(event);
      }}
      {...props}
    />
  );
});

export type FormRowColumn = keyof Theme['sizes']['gridColumn'];

const StyledRow = styled.div<{ $column: FormRowColumn }>`
  display: grid;
  grid-template-columns: repeat(
    auto-fit,
    minmax(min(100%, ${({ theme, $column }) => theme.sizes.gridColumn[$column]}), 1fr)
  );
  gap: ${({ theme }) => theme.space[4]};
  align-items: start;
  min-width: 0;
`;

export interface FormRowProps {
  /** The smallest width of a column, from the theme: below it the fields stack. */
  column?: FormRowColumn;
  children: ReactNode;
}

/** Fields side by side while each keeps its smallest width; stacked in a narrow drawer. */
export function FormRow({ column = 'sm', children }: FormRowProps) {
  return <StyledRow $column={column}>{children}</StyledRow>;
}

// Wrapping keeps the reading order: 'Cancelar' first (left, or above when the row is too narrow),
// then the main action — the same in every form.
const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  padding-top: ${({ theme }) => theme.space[3]};
  border-top: ${({ theme }) => theme.borders.subtle};
`;

export interface FormActionsProps {
  children: ReactNode;
}

/** The row of buttons that ends a form (Cancelar, then the main action), under a line. */
export function FormActions({ children }: FormActionsProps) {
  return <StyledActions>{children}</StyledActions>;
}

const StyledFieldset = styled.fieldset<{ $column: FormRowColumn }>`
  display: grid;
  grid-template-columns: repeat(
    auto-fill,
    minmax(min(100%, ${({ theme, $column }) => theme.sizes.gridColumn[$column]}), 1fr)
  );
  gap: ${({ theme }) => theme.space[4]};
  align-items: start;
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const StyledLegend = styled.legend`
  margin-bottom: ${({ theme }) => theme.space[3]};
  padding: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledWide = styled.div`
  grid-column: 1 / -1;
  min-width: 0;
`;

export interface FormSectionProps {
  /** The section's name, read with each field inside it. */
  legend: string;
  column?: FormRowColumn;
  /** Disables every field of the section (e.g. once the record is saved). */
  disabled?: boolean;
  children: ReactNode;
}

/** A named group of fields (a fieldset) laid out as a responsive grid. */
export function FormSection({ legend, column = 'xl', disabled, children }: FormSectionProps) {
  return (
    <StyledFieldset $column={column} disabled={disabled}>
      <StyledLegend>{legend}</StyledLegend>
      {children}
    </StyledFieldset>
  );
}

export interface FormWideProps {
  children: ReactNode;
}

/** A field that spans the whole width of its section or row. */
export function FormWide({ children }: FormWideProps) {
  return <StyledWide>{children}</StyledWide>;
}
