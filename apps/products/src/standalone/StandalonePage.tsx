import { useEffect, useState } from 'react';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import styled from 'styled-components';
import { buildModalUrl } from '@crm-panel/contracts';
import { dealsFixture } from '@crm-panel/api-client/testing';
import { PageWrapper, Select } from '@crm-panel/ui';
import { ProductForm } from '@products/exposed/ProductForm';
import { ProductsTab } from '@products/exposed/ProductsTab';
import { type StandaloneHost } from './standaloneHost';

export interface StandalonePageProps {
  host: StandaloneHost;
}

const StyledHeader = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[4]} 0`};
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const StyledNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSizes.md};

  a {
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

const StyledDealPicker = styled.div`
  max-width: 24rem;
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

const StyledResult = styled.pre`
  margin: ${({ theme }) => `${theme.space[4]} 0 0`};
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.neutralSubtle};
  color: ${({ theme }) => theme.colors.neutralText};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const NO_DEAL = '';
const dealOptions = [
  { value: NO_DEAL, label: 'Nenhuma negociação selecionada' },
  ...dealsFixture.map((deal) => ({ value: deal.id, label: deal.name })),
];
const firstDeal = dealsFixture[0];
const addUrl = buildModalUrl('product-create', {
  dealId: firstDeal?.id ?? null,
  dealName: firstDeal?.name ?? null,
});
const editUrl = buildModalUrl('product-create', {
  dealId: firstDeal?.id ?? null,
  dealName: firstDeal?.name ?? null,
  productId: 'deal-product-1',
});

/** The remote on its own, without the shell: every exposed module can be seen alone. */
export function StandalonePage({ host }: StandalonePageProps) {
  const navigate = useNavigate();
  const [dealId, setDealId] = useState<string>(firstDeal?.id ?? NO_DEAL);
  const lastResult = useStore(host.store, (state) => state.lastResult);
  const dealName = dealsFixture.find((deal) => deal.id === dealId)?.name;

  useEffect(() => {
    host.setPageExit(() => navigate('/'));
    return () => host.setPageExit(null);
  }, [host, navigate]);

  return (
    <PageWrapper>
      <StyledHeader>
        <StyledNote>
          Módulo products em execução isolada (sem o painel principal), com a api simulada.
        </StyledNote>
        <StyledNav aria-label="Módulos expostos">
          <Link to="/">products/ProductsTab</Link>
          <Link to={addUrl}>products/ProductForm (adicionar)</Link>
          <Link to={editUrl}>products/ProductForm (editar)</Link>
        </StyledNav>
      </StyledHeader>
      <Routes>
        <Route path="/product-create-modal" element={<ProductForm />} />
        <Route
          path="*"
          element={
            <>
              <StyledDealPicker>
                <Select
                  label="Negociação selecionada"
                  options={dealOptions}
                  value={dealId}
                  onChange={(event) => setDealId(event.target.value)}
                />
              </StyledDealPicker>
              <ProductsTab dealId={dealId === NO_DEAL ? null : dealId} dealName={dealName} />
            </>
          }
        />
      </Routes>
      {lastResult ? (
        <StyledResult aria-label="Último resultado de formulário">
          {`Último resultado de formulário: ${JSON.stringify(lastResult, null, 2)}`}
        </StyledResult>
      ) : null}
    </PageWrapper>
  );
}
