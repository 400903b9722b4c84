import { useMemo } from 'react';
import { useSearchParams } from '@crm-panel/contracts/router';
import styled from 'styled-components';
import { parseModalQuery } from '@crm-panel/contracts';
import { formatDateTime } from '@crm-panel/format';
import { useHostForms } from '@crm-panel/host-bridge';
import { Alert, Button } from '@crm-panel/ui';
import { FormActions, ModalPage } from '@crm-panel/ui/form-kit';
import { NoteContent } from '@notes/features/notes/components/NoteContent';

const StyledDetails = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    overflow-wrap: anywhere;
  }
`;

const StyledNote = styled.article`
  padding: ${({ theme }) => theme.space[4]};
  border: ${({ theme }) => theme.borders.subtle};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const StyledEmpty = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** /note-view-modal: one note, read-only (query body, registeredAt, dealName). */
export function NoteViewPage() {
  const [params] = useSearchParams();
  const parsed = useMemo(() => parseModalQuery('note-view', params), [params]);
  const { cancelForm } = useHostForms();

  return (
    <ModalPage title="Nota" width="wide" onClose={cancelForm}>
      {parsed.ok ? (
        <>
          <StyledDetails>
            {parsed.query.dealName ? (
              <>
                <dt>Negociação</dt>
                <dd>{parsed.query.dealName}</dd>
              </>
            ) : null}
            <dt>Registrada em</dt>
            <dd>
              <time dateTime={parsed.query.registeredAt}>
                {formatDateTime(parsed.query.registeredAt)}
              </time>
            </dd>
          </StyledDetails>
          <StyledNote aria-label="Conteúdo da nota">
            {parsed.query.body.trim() ? (
              <NoteContent html={parsed.query.body} />
            ) : (
              <StyledEmpty>Nota sem conteúdo.</StyledEmpty>
            )}
          </StyledNote>
        </>
      ) : (
        <Alert tone="error" title="Não foi possível abrir a nota.">
          {parsed.error}
        </Alert>
      )}
      <FormActions>
        <Button variant="secondary" onClick={() => void cancelForm()}>
          Fechar
        </Button>
      </FormActions>
    </ModalPage>
  );
}
