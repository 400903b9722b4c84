import { useDeferredValue } from 'react';
import styled from 'styled-components';
import { type DealTabProps } from '@crm-panel/contracts';
import { type DealUpdatePayload } from '@crm-panel/crm-model';
import {
  Card,
  EmptyState,
  InlineError,
  LIVE_RECORD_ATTRIBUTE,
  liveRecordKey,
  Skeleton,
} from '@crm-panel/ui';
import { useDeal } from '@deal/features/shared/useDeal';
import { useUpdateDealField } from '../hooks/useUpdateDealField';
import { CustomFieldsGrid } from './CustomFieldsGrid';
import { DealFieldsCard } from './DealFieldsCard';
import { DealStatusBlock } from './DealStatusBlock';

const StyledTab = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

// Nothing to change while the deal loads: its fields are disabled then.
const ignoreUpdate = () => undefined;

/** The 'Geral' tab: the deal's fields, its status and its custom fields. */
export function DealGeneralTab({ dealId }: DealTabProps) {
  const deal = useDeal(dealId);
  const fieldUpdate = useUpdateDealField();
  // The fields card is what an attendant reads first. The status and the custom fields render
  // just after it (a deferred render, as soon as the card is committed), so the card does not wait
  // for their first render (bench/panel-speed.js times the card from the click). Once they show,
  // a change of the same deal renders them at once with the card.
  const later = useDeferredValue(deal.data);

  if (!dealId) {
    return (
      <Card>
        <EmptyState
          title="Nenhuma negociação selecionada"
          description="Selecione ou crie uma negociação para ver seus dados."
        />
      </Card>
    );
  }

  if (!deal.data) {
    if (deal.isError) {
      return (
        <InlineError
          message="Erro ao carregar dados da negociação. Tente novamente."
          onRetry={() => void deal.refetch()}
        />
      );
    }
    // The card itself, waiting: the deal's answer then fills it in (same elements, by key).
    return (
      <StyledTab key={dealId} aria-busy="true">
        <DealFieldsCard onUpdate={ignoreUpdate} />
        <Card>
          <Skeleton variant="block" decorative />
        </Card>
      </StyledTab>
    );
  }

  const current = deal.data;
  const update = (patch: DealUpdatePayload) => fieldUpdate({ dealId: current.id, patch });

  // Keyed by deal: dialogs and messages of one deal never show on the next.
  return (
    // Its fields are where a colleague's change to this deal shows highlighted.
    <StyledTab key={dealId} {...{ [LIVE_RECORD_ATTRIBUTE]: liveRecordKey('deal', current.id) }}>
      <DealFieldsCard deal={current} onUpdate={update} />
      {later?.id === current.id ? (
        <>
          <DealStatusBlock deal={current} />
          <CustomFieldsGrid deal={current} />
        </>
      ) : (
        <Card aria-busy="true">
          <Skeleton variant="block" decorative />
        </Card>
      )}
    </StyledTab>
  );
}
