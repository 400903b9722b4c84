import { useEffect } from 'react';
import styled, { keyframes } from 'styled-components';
import { LIVE_HINT_MS, useLiveHint } from '@crm-panel/api-client';
import { highlightLiveFields, liveRecordKey } from '@crm-panel/ui';

const fade = keyframes`
  0%, 70% { opacity: 1; }
  100% { opacity: 0; }
`;

const StyledRegion = styled.div`
  &:empty {
    display: none;
  }
`;

const StyledHint = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  animation: ${fade} ${LIVE_HINT_MS}ms ease-in forwards;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/**
 * The discreet 'Atualizado por … agora: <campo>' line under the header, while the change is
 * fresh; the changed fields show highlighted where the panel shows them (remotes included: one
 * document), the first brought into view without taking the focus.
 */
export function LiveUpdateHint() {
  const hint = useLiveHint();
  useEffect(() => {
    if (!hint || hint.fields.length === 0) return undefined;
    return highlightLiveFields(
      document,
      liveRecordKey(hint.record.type, hint.record.id),
      hint.fields,
    );
  }, [hint]);
  // The region stays so screen readers announce each hint; a new change restarts the fade (key).
  return (
    <StyledRegion role="status">
      {hint ? <StyledHint key={hint.changeId}>{hint.text}</StyledHint> : null}
    </StyledRegion>
  );
}
