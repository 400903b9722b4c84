import { useState } from 'react';
import styled from 'styled-components';
import { Checkbox } from '@crm-panel/ui/fields';

/** One route of the mock api that a switch makes fail, to see the screen's error state. */
export interface StandaloneFailure {
  label: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** An /api path as MSW matches it, e.g. '/api/rdstation/deals/:id/notes'. */
  path: string;
}

export interface FailureSwitchesProps {
  failures: StandaloneFailure[];
  /** Makes exactly these routes fail (an empty list restores the mock api). */
  onChange: (failing: StandaloneFailure[]) => void;
}

const StyledSwitches = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]};
`;

/** 'Simular falha …' checkboxes over the mock api. */
export function FailureSwitches({ failures, onChange }: FailureSwitchesProps) {
  const [on, setOn] = useState<string[]>([]);
  return (
    <StyledSwitches>
      {failures.map((failure) => (
        <Checkbox
          key={failure.label}
          label={failure.label}
          checked={on.includes(failure.label)}
          onChange={(event) => {
            const next = event.target.checked
              ? [...on, failure.label]
              : on.filter((label) => label !== failure.label);
            setOn(next);
            onChange(failures.filter((item) => next.includes(item.label)));
          }}
        />
      ))}
    </StyledSwitches>
  );
}
