import { useId } from 'react';
import styled from 'styled-components';
import { useSources, useStages, usePipelines, useUsers } from '@crm-panel/api-client';
import { type Deal, type DealUpdatePayload } from '@crm-panel/crm-model';
import { formatBRL } from '@crm-panel/format';
import { Card, Rating, SingleSelect } from '@crm-panel/ui';
import { namedOptions, nameOf, userOptions } from '@deal/features/shared/options';

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

const LOAD_FAILED = 'Não foi possível carregar as opções.';

export interface DealFieldsCardProps {
  deal: Deal;
  onUpdate: (patch: DealUpdatePayload) => void;
}

/** Owner, rating, source, pipeline and stage, each changed in place; the total is read-only. */
export function DealFieldsCard({ deal, onUpdate }: DealFieldsCardProps) {
  const totalLabelId = useId();
  const users = useUsers();
  const sources = useSources();
  const pipelines = usePipelines();
  const stages = useStages(deal.pipeline_id);
  const hasPipeline = Boolean(deal.pipeline_id);

  return (
    <Card title="Dados da negociação">
      <StyledGrid>
        <SingleSelect
          label="Responsável"
          placeholder="Selecione um responsável"
          options={userOptions(users.data)}
          value={deal.owner_id}
          selectedLabel={nameOf(users.data, deal.owner_id)}
          searchable
          loading={users.isPending}
          emptyText={users.isError ? LOAD_FAILED : undefined}
          onChange={(value) => {
            if (value && value !== deal.owner_id) onUpdate({ owner_id: value });
          }}
        />
        <StyledStatic>
          <StyledStaticLabel aria-hidden="true">Avaliação</StyledStaticLabel>
          <Rating
            value={deal.rating}
            readOnly={false}
            label="Avaliação"
            onChange={(rating) => onUpdate({ rating })}
          />
        </StyledStatic>
        <SingleSelect
          label="Fonte"
          placeholder="Selecione uma fonte"
          options={namedOptions(sources.data)}
          value={deal.source_id}
          selectedLabel={nameOf(sources.data, deal.source_id)}
          searchable
          allowRemove
          loading={sources.isPending}
          emptyText={sources.isError ? LOAD_FAILED : undefined}
          onChange={(value) => {
            if (value !== deal.source_id) onUpdate({ source_id: value });
          }}
        />
        <SingleSelect
          label="Funil de vendas"
          placeholder="Selecione um funil"
          options={namedOptions(pipelines.data)}
          value={deal.pipeline_id}
          selectedLabel={nameOf(pipelines.data, deal.pipeline_id)}
          loading={pipelines.isPending}
          emptyText={pipelines.isError ? LOAD_FAILED : undefined}
          onChange={(value) => {
            // A stage belongs to its pipeline: a new pipeline starts without one.
            if (value && value !== deal.pipeline_id)
              onUpdate({ pipeline_id: value, stage_id: null });
          }}
        />
        <SingleSelect
          label="Etapa do funil"
          placeholder="Selecione uma etapa"
          options={namedOptions(stages.data)}
          value={deal.stage_id}
          selectedLabel={nameOf(stages.data, deal.stage_id)}
          disabled={!hasPipeline}
          helperText={hasPipeline ? undefined : 'Defina o funil de vendas para escolher a etapa.'}
          loading={hasPipeline && stages.isPending}
          emptyText={stages.isError ? LOAD_FAILED : undefined}
          onChange={(value) => {
            if (value && value !== deal.stage_id) onUpdate({ stage_id: value });
          }}
        />
        <StyledStatic>
          <StyledStaticLabel id={totalLabelId}>Valor total</StyledStaticLabel>
          <StyledTotal aria-labelledby={totalLabelId}>{formatBRL(deal.total_price)}</StyledTotal>
        </StyledStatic>
      </StyledGrid>
    </Card>
  );
}
