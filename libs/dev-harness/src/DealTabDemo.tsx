import { type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { dealsFixture } from '@crm-panel/api-client/testing';
import { Select } from '@crm-panel/ui/fields';

export interface DealTabDemoProps {
  /** The tab as the shell's main panel mounts it, for the deal picked here (null: none). */
  render: (dealId: string | null, dealName: string | undefined) => ReactNode;
}

const NO_DEAL = '';
const OPTIONS = [
  ...dealsFixture.map((deal) => ({ value: deal.id, label: deal.name })),
  { value: NO_DEAL, label: 'Nenhuma negociação selecionada' },
];

const StyledPicker = styled.div`
  max-width: ${({ theme }) => theme.sizes.content.narrow};
`;

/** A deal tab with a picker of the mock world's deals, as the main panel would select one. */
export function DealTabDemo({ render }: DealTabDemoProps) {
  const [dealId, setDealId] = useState<string>(dealsFixture[0]?.id ?? NO_DEAL);
  const dealName = dealsFixture.find((deal) => deal.id === dealId)?.name;
  return (
    <>
      <StyledPicker>
        <Select
          label="Negociação selecionada"
          options={OPTIONS}
          value={dealId}
          onChange={(event) => setDealId(event.target.value)}
        />
      </StyledPicker>
      <div key={dealId}>{render(dealId === NO_DEAL ? null : dealId, dealName)}</div>
    </>
  );
}
