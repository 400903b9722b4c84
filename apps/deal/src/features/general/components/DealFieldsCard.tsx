import { useId } from 'react';
import styled from 'styled-components';
import { useSources, useStages, usePipelines, useUsers } from '@crm-panel/api-client';
import { type Deal, type DealUpdatePayload } from '@crm-panel/crm-model';
import { formatBRL } from '@crm-panel/format';
import { Card, LiveField, Rating, SingleSelect, Skeleton } from '@crm-panel/ui';
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
// MESSAGES.dropdown.loading's text: this chunk reads nothing else of crm-model at run time, and
// importing it would cost the main panel 11 B of its last 8 under the budget.
const LOADING = 'Carregando...';

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
  const users = useUsers();
  const sources = useSources();
  const pipelines = usePipelines();
  const pipelineId = deal?.pipeline_id ?? null;
  const stages = useStages(pipelineId);
  const hasPipeline = Boolean(pipelineId);
  const waiting = !deal;
  const placeholder = (text: string) => (waiting ? LOADING : text);

  return (
    <Card title="Dados da negociação" aria-busy={waiting || undefined}>
      <StyledGrid>
        <LiveField field="owner_id">
          <SingleSelect
            label="Responsável"
            placeholder={placeholder('Selecione um responsável')}
            options={userOptions(users.data)}
            value={deal?.owner_id ?? null}
            selectedLabel={nameOf(users.data, deal?.owner_id ?? null)}
            searchable
            disabled={waiting}
            loading={users.isPending}
            emptyText={users.isError ? LOAD_FAILED : undefined}
            onChange={(value) => {
              if (value && value !== deal?.owner_id) onUpdate({ owner_id: value });
            }}
          />
        </LiveField>
        <LiveField field="rating">
          <StyledStatic>
            <StyledStaticLabel aria-hidden="true">Avaliação</StyledStaticLabel>
            {deal ? (
              <Rating
                value={deal.rating}
                readOnly={false}
                label="Avaliação"
                onChange={(rating) => onUpdate({ rating })}
              />
            ) : (
              <Skeleton width="short" height="title" label="Carregando negociação..." />
            )}
          </StyledStatic>
        </LiveField>
        <LiveField field="source_id">
          <SingleSelect
            label="Fonte"
            placeholder={placeholder('Selecione uma fonte')}
            options={namedOptions(sources.data)}
            value={deal?.source_id ?? null}
            selectedLabel={nameOf(sources.data, deal?.source_id ?? null)}
            searchable
            allowRemove
            disabled={waiting}
            loading={sources.isPending}
            emptyText={sources.isError ? LOAD_FAILED : undefined}
            onChange={(value) => {
              if (deal && value !== deal.source_id) onUpdate({ source_id: value });
            }}
          />
        </LiveField>
        <LiveField field="pipeline_id">
          <SingleSelect
            label="Funil de vendas"
            placeholder={placeholder('Selecione um funil')}
            options={namedOptions(pipelines.data)}
            value={pipelineId}
            selectedLabel={nameOf(pipelines.data, pipelineId)}
            disabled={waiting}
            loading={pipelines.isPending}
            emptyText={pipelines.isError ? LOAD_FAILED : undefined}
            onChange={(value) => {
              // A stage belongs to its pipeline: a new pipeline starts without one.
              if (value && value !== pipelineId) onUpdate({ pipeline_id: value, stage_id: null });
            }}
          />
        </LiveField>
        <LiveField field="stage_id">
          <SingleSelect
            label="Etapa do funil"
            placeholder={placeholder('Selecione uma etapa')}
            options={namedOptions(stages.data)}
            value={deal?.stage_id ?? null}
            selectedLabel={nameOf(stages.data, deal?.stage_id ?? null)}
            disabled={!hasPipeline}
            helperText={
              waiting || hasPipeline ? undefined : 'Defina o funil de vendas para escolher a etapa.'
            }
            loading={hasPipeline && stages.isPending}
            emptyText={stages.isError ? LOAD_FAILED : undefined}
            onChange={(value) => {
              if (value && value !== deal?.stage_id) onUpdate({ stage_id: value });
            }}
          />
        </LiveField>
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
