import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  stagesQueryOptions,
  useFetchQuery,
  usePipelines,
  useSources,
  useStages,
  useUsers,
} from '@crm-panel/api-client';
import { type Deal, type DealUpdatePayload } from '@crm-panel/crm-model';
import { formatBRL } from '@crm-panel/format';
import { Card, LiveField, Rating, Skeleton } from '@crm-panel/ui';
import { userOptions } from '@deal/features/shared/options';
import { FIELD_UPDATE_LOG } from '../hooks/useUpdateDealField';
import { DealSelectField } from './DealSelectField';

const StyledGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(
    auto-fill,
    minmax(min(100%, ${({ theme }) => theme.sizes.gridColumn.lg}), 1fr)
  );
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledStatic = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1.5]};
`;

const StyledStaticLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const StyledTotal = styled.output`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

// What the CRM's documented reading cannot do, said where it was asked (never a silent failure).
const SOURCE_KEPT = 'A API do RD Station CRM não prevê remover a fonte; escolha outra.';
const NO_STAGES = 'Este funil não tem etapas; escolha outro.';

export interface DealFieldsCardProps {
  /** Absent while the deal loads: the card is laid out, its fields wait. */
  deal?: Deal;
  onUpdate: (patch: DealUpdatePayload) => void;
}

/**
 * Owner, rating, source, pipeline and stage, each changed in place; the total is read-only.
 * While the deal loads the same card shows with its fields disabled and 'Carregando...', so the
 * deal's answer only fills values in (bench/panel-speed.js: the card is ready sooner after it).
 */
export function DealFieldsCard({ deal, onUpdate }: DealFieldsCardProps) {
  const totalLabelId = useId();
  const fetchQuery = useFetchQuery();
  const users = useUsers();
  const sources = useSources();
  const pipelines = usePipelines();
  const pipelineId = deal?.pipeline_id ?? null;
  const stages = useStages(pipelineId);
  const hasPipeline = Boolean(pipelineId);
  const waiting = !deal;
  const [refusal, setRefusal] = useState<{ field: 'source_id' | 'pipeline_id'; text: string }>();
  const refusalOf = (field: 'source_id' | 'pipeline_id') =>
    refusal?.field === field ? refusal.text : undefined;
  const update = (patch: DealUpdatePayload) => {
    setRefusal(undefined);
    onUpdate(patch);
  };

  // A deal always occupies a stage, so a pipeline without one cannot take it: said before anything
  // is sent. The move itself clears the stage (the spec's body); the api names the first stage.
  const movePipeline = async (next: string) => {
    setRefusal(undefined);
    let first: string | undefined;
    try {
      first = (await fetchQuery(stagesQueryOptions(next)))[0]?.id;
    } catch (error) {
      console.error(FIELD_UPDATE_LOG, error);
      return;
    }
    if (first) update({ pipeline_id: next, stage_id: null });
    else setRefusal({ field: 'pipeline_id', text: NO_STAGES });
  };

  return (
    <Card title="Dados da negociação" aria-busy={waiting || undefined}>
      <StyledGrid>
        <DealSelectField
          deal={deal}
          field="owner_id"
          label="Responsável"
          placeholder="Selecione um responsável"
          read={users}
          toOptions={userOptions}
          searchable
          onChange={(value) => {
            if (value && value !== deal?.owner_id) update({ owner_id: value });
          }}
        />
        <LiveField field="rating">
          <StyledStatic>
            <StyledStaticLabel aria-hidden="true">Avaliação</StyledStaticLabel>
            {deal ? (
              <Rating
                value={deal.rating}
                readOnly={false}
                label="Avaliação"
                onChange={(rating) => update({ rating })}
              />
            ) : (
              <Skeleton width="short" height="title" label="Carregando negociação..." />
            )}
          </StyledStatic>
        </LiveField>
        <DealSelectField
          deal={deal}
          field="source_id"
          label="Fonte"
          placeholder="Selecione uma fonte"
          read={sources}
          searchable
          allowRemove
          error={refusalOf('source_id')}
          onChange={(value) => {
            if (!deal || value === deal.source_id) return;
            if (value) update({ source_id: value });
            else setRefusal({ field: 'source_id', text: SOURCE_KEPT });
          }}
        />
        <DealSelectField
          deal={deal}
          field="pipeline_id"
          label="Funil de vendas"
          placeholder="Selecione um funil"
          read={pipelines}
          error={refusalOf('pipeline_id')}
          onChange={(value) => {
            if (value && value !== pipelineId) void movePipeline(value);
          }}
        />
        <DealSelectField
          deal={deal}
          field="stage_id"
          label="Etapa do funil"
          placeholder="Selecione uma etapa"
          read={stages}
          disabled={!hasPipeline}
          helperText={
            waiting || hasPipeline ? undefined : 'Defina o funil de vendas para escolher a etapa.'
          }
          loading={hasPipeline && stages.isPending}
          onChange={(value) => {
            if (value && value !== deal?.stage_id) update({ stage_id: value });
          }}
        />
        <LiveField field="total_price">
          <StyledStatic>
            <StyledStaticLabel id={totalLabelId}>Valor total</StyledStaticLabel>
            {deal ? (
              <StyledTotal aria-labelledby={totalLabelId}>
                {formatBRL(deal.total_price)}
              </StyledTotal>
            ) : (
              <Skeleton width="label" height="badge" decorative />
            )}
          </StyledStatic>
        </LiveField>
      </StyledGrid>
    </Card>
  );
}
