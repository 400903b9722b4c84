import { useEffect, useReducer } from 'react';
import styled from 'styled-components';
import { usePanelCache } from '@crm-panel/api-client';
import { integrationFixture } from '@crm-panel/api-client/testing';
import { Button } from '@crm-panel/ui';
import { Checkbox } from '@crm-panel/ui/fields';
import { type IntegrationFlag, type MockWorld } from './mockWorld';

export interface MockWorldControlsProps {
  world: MockWorld;
}

const FLAGS: { flag: IntegrationFlag; label: string }[] = [
  { flag: 'termsAccepted', label: 'Termos aceitos' },
  { flag: 'credentialsConfigured', label: 'Credenciais configuradas' },
  { flag: 'authenticated', label: 'Usuário autenticado' },
];

const StyledBox = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[5]};
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: ${({ theme }) => theme.borders.dashed};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledLegend = styled.legend`
  padding: 0 ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledHint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Switches the mock api's tenant state, to see every screen without a real backend. */
export function MockWorldControls({ world }: MockWorldControlsProps) {
  const cache = usePanelCache();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => world.subscribe(rerender), [world]);
  const integration = world.db.state.integration;

  const changed = () => void cache.refreshAll();

  return (
    <StyledBox>
      <StyledLegend>API simulada</StyledLegend>
      {FLAGS.map(({ flag, label }) => (
        <Checkbox
          key={flag}
          label={label}
          checked={integration[flag]}
          onChange={(event) => {
            world.setFlag(flag, event.target.checked);
            changed();
          }}
        />
      ))}
      <StyledHint>
        Senha de segurança: {integrationFixture.securityPassword} · token v1:{' '}
        {integrationFixture.validApiV1Token}
      </StyledHint>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          world.reset();
          changed();
        }}
      >
        Reiniciar dados
      </Button>
    </StyledBox>
  );
}
