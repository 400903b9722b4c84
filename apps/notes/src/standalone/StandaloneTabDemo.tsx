import { useState } from 'react';
import styled from 'styled-components';
import { Checkbox, Select } from '@crm-panel/ui';
import { NotesTab } from '@notes/exposed/NotesTab';
import { simulateNotesFailure } from './mockApi';

const DEALS = [
  { value: 'deal-1', label: 'Contrato anual Acme (com notas)' },
  { value: 'deal-2', label: 'Expansão Padaria (sem notas)' },
  { value: '', label: 'Nenhuma negociação selecionada' },
];

const StyledControls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

/** The tab as the shell's main panel mounts it, with a deal picker and a failure switch. */
export function StandaloneTabDemo() {
  const [dealId, setDealId] = useState('deal-1');
  const [failing, setFailing] = useState(false);
  return (
    <>
      <StyledControls>
        <Select
          label="Negociação"
          options={DEALS}
          value={dealId}
          onChange={(event) => setDealId(event.target.value)}
        />
        <Checkbox
          label="Simular falha ao carregar notas"
          checked={failing}
          onChange={(event) => {
            setFailing(event.target.checked);
            simulateNotesFailure(event.target.checked);
          }}
        />
      </StyledControls>
      <NotesTab key={dealId} dealId={dealId || null} />
    </>
  );
}
