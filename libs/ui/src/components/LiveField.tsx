import { type ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';

/**
 * Where a live change shows on screen: a record's area carries `data-live-record="<type>:<id>"`
 * (liveRecordKey), each field in it `data-live-field="<api field>"` (LiveField). When someone
 * else changes that record, the panel marks the changed fields (`data-live-changed`) for a moment
 * and brings the first one into view, without moving the focus.
 */
export const LIVE_RECORD_ATTRIBUTE = 'data-live-record';
export const LIVE_FIELD_ATTRIBUTE = 'data-live-field';
export const LIVE_CHANGED_ATTRIBUTE = 'data-live-changed';
/** How long a changed field stays highlighted. */
export const LIVE_FIELD_HIGHLIGHT_MS = 2_500;

/** The value of `data-live-record` for a record ('deal:123'). */
export const liveRecordKey = (type: string, id: string): string => `${type}:${id}`;

const glow = keyframes`
  0%, 60% { background-color: var(--live-highlight); box-shadow: 0 0 0 4px var(--live-highlight); }
  100% { background-color: transparent; box-shadow: 0 0 0 4px transparent; }
`;

const StyledField = styled.div`
  --live-highlight: ${({ theme }) => theme.colors.warningSubtle};
  min-width: 0;
  border-radius: ${({ theme }) => theme.radii.sm};

  &[${LIVE_CHANGED_ATTRIBUTE}] {
    animation: ${glow} ${LIVE_FIELD_HIGHLIGHT_MS}ms ease-out;
    outline: 1px solid ${({ theme }) => theme.colors.warningBorder};
  }

  @media (prefers-reduced-motion: reduce) {
    &[${LIVE_CHANGED_ATTRIBUTE}] {
      animation: none;
      background-color: var(--live-highlight);
    }
  }
`;

export interface LiveFieldProps {
  /** The api's name of the field shown inside ('stage_id'): what a live change names. */
  field: string;
  children: ReactNode;
}

/** One field of a record's area that a live change can point at (see LIVE_RECORD_ATTRIBUTE). */
export function LiveField({ field, children }: LiveFieldProps) {
  return <StyledField {...{ [LIVE_FIELD_ATTRIBUTE]: field }}>{children}</StyledField>;
}

/**
 * Highlights, for LIVE_FIELD_HIGHLIGHT_MS, the fields of `recordKey` that changed and scrolls the
 * first into view when it is out of sight ('nearest': nothing moves when it is already seen;
 * scrolling moves no focus). Returns the undo, for a newer change or an unmount.
 */
export function highlightLiveFields(
  root: ParentNode,
  recordKey: string,
  fields: readonly string[],
): () => void {
  const areas = Array.from(root.querySelectorAll(`[${LIVE_RECORD_ATTRIBUTE}]`)).filter(
    (area) => area.getAttribute(LIVE_RECORD_ATTRIBUTE) === recordKey,
  );
  const marked = areas.flatMap((area) =>
    Array.from(area.querySelectorAll(`[${LIVE_FIELD_ATTRIBUTE}]`)).filter((element) =>
      fields.includes(element.getAttribute(LIVE_FIELD_ATTRIBUTE) ?? ''),
    ),
  );
  for (const element of marked) element.setAttribute(LIVE_CHANGED_ATTRIBUTE, '');
  marked[0]?.scrollIntoView?.({ block: 'nearest' });
  const clear = () => {
    for (const element of marked) element.removeAttribute(LIVE_CHANGED_ATTRIBUTE);
  };
  const timer = setTimeout(clear, LIVE_FIELD_HIGHLIGHT_MS);
  return () => {
    clearTimeout(timer);
    clear();
  };
}
