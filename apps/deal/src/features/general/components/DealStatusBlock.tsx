import { useState } from 'react';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { lostReasonsQueryOptions } from '@crm-panel/api-client';
import { DEAL_STATUS_LABELS, type Deal, MESSAGES } from '@crm-panel/crm-model';
import { Alert, Button, Card, StatusBadge, type StatusBadgeTone } from '@crm-panel/ui';
import { nameOf } from '@deal/features/shared/options';
import { useUpdateDealStatus } from '../hooks/useUpdateDealStatus';
import { LostDealDialog } from './LostDealDialog';
import { WonDealDialog } from './WonDealDialog';

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledReason = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textSecondary};
`;

const TONES: Record<Deal['status'], StatusBadgeTone> = {
  ongoing: 'info',
  paused: 'warning',
  won: 'success',
  lost: 'danger',
};

type Dialog = 'won' | 'lost' | null;

export interface DealStatusBlockProps {
  deal: Deal;
}

/**
 * The deal's status. Ongoing and paused deals can be marked won (after a confirmation) or lost
 * (with a reason); won and lost deals only show their badge.
 */
export function DealStatusBlock({ deal }: DealStatusBlockProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const statusUpdate = useUpdateDealStatus();
  const closed = deal.status === 'won' || deal.status === 'lost';
  // Only a lost deal names its reason.
  const reasons = useQuery({ ...lostReasonsQueryOptions(), enabled: deal.status === 'lost' });
  const lostReason = deal.status === 'lost' ? nameOf(reasons.data, deal.lost_reason_id) : undefined;

  const markWon = async () => {
    try {
      await statusUpdate({ dealId: deal.id, status: 'won' });
    } catch (error) {
      console.error(MESSAGES.deal.statusUpdateError, error);
      throw error;
    }
    setDialog(null);
    setSuccess(MESSAGES.deal.wonSuccess);
  };

  const markLost = async (lostReasonId: string) => {
    try {
      await statusUpdate({ dealId: deal.id, status: 'lost', lostReasonId });
    } catch (error) {
      console.error(MESSAGES.deal.statusUpdateError, error);
      throw error;
    }
    setDialog(null);
    setSuccess(MESSAGES.deal.lostSuccess);
  };

  return (
    <Card title="Status da venda">
      <StyledBody>
        <StyledRow>
          <StatusBadge tone={TONES[deal.status]}>{DEAL_STATUS_LABELS[deal.status]}</StatusBadge>
          {closed ? null : (
            <StyledActions>
              <Button
                variant="primary"
                size="sm"
                icon="check"
                onClick={() => {
                  setSuccess(null);
                  setDialog('won');
                }}
              >
                Marcar como ganha
              </Button>
              <Button
                variant="danger"
                size="sm"
                icon="close"
                onClick={() => {
                  setSuccess(null);
                  setDialog('lost');
                }}
              >
                Marcar como perdida
              </Button>
            </StyledActions>
          )}
        </StyledRow>
        {lostReason ? <StyledReason>Motivo da perda: {lostReason}</StyledReason> : null}
        {success ? (
          <Alert tone="success" onClose={() => setSuccess(null)}>
            {success}
          </Alert>
        ) : null}
      </StyledBody>
      {dialog === 'won' ? (
        <WonDealDialog onConfirm={markWon} onCancel={() => setDialog(null)} />
      ) : null}
      {dialog === 'lost' ? (
        <LostDealDialog onConfirm={markLost} onCancel={() => setDialog(null)} />
      ) : null}
    </Card>
  );
}
