import { act, screen } from '@testing-library/react';
import { renderWithTheme } from '@ui/test-utils';
import {
  highlightLiveFields,
  LIVE_CHANGED_ATTRIBUTE,
  LIVE_FIELD_HIGHLIGHT_MS,
  LIVE_RECORD_ATTRIBUTE,
  LiveField,
  liveRecordKey,
} from './LiveField';

function Deal({ id }: { id: string }) {
  return (
    <section
      aria-label={`Negociação ${id}`}
      {...{ [LIVE_RECORD_ATTRIBUTE]: liveRecordKey('deal', id) }}
    >
      <LiveField field="owner_id">
        <label>
          Responsável
          <input />
        </label>
      </LiveField>
      <LiveField field="stage_id">
        <span>Etapa do funil</span>
      </LiveField>
    </section>
  );
}

describe('highlightLiveFields', () => {
  afterEach(() => jest.useRealTimers());

  it('marks the changed fields of that record only, brings the first into view without the focus, then lets go', () => {
    jest.useFakeTimers();
    const scrolled: unknown[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record the calls instead.
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement, options: unknown) {
        scrolled.push([this.getAttribute('data-live-field'), options]);
      },
    });
    renderWithTheme(
      <>
        <Deal id="d-1" />
        <Deal id="d-2" />
      </>,
    );
    const owner = screen.getAllByRole('textbox', { name: 'Responsável' })[0] as HTMLElement;
    owner.focus();
    const changed = () =>
      Array.from(document.querySelectorAll(`[${LIVE_CHANGED_ATTRIBUTE}]`)).map((element) => [
        element.closest(`[${LIVE_RECORD_ATTRIBUTE}]`)?.getAttribute(LIVE_RECORD_ATTRIBUTE),
        element.getAttribute('data-live-field'),
      ]);

    highlightLiveFields(document, 'deal:d-2', ['stage_id']);
    expect(changed()).toEqual([['deal:d-2', 'stage_id']]);
    expect(scrolled).toEqual([['stage_id', { block: 'nearest' }]]);
    expect(document.activeElement).toBe(owner);

    act(() => jest.advanceTimersByTime(LIVE_FIELD_HIGHLIGHT_MS));
    expect(changed()).toEqual([]);
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView');
  });

  it('undoes at once for a newer change', () => {
    const undo = highlightLiveFields(document, 'deal:none', ['stage_id']);
    renderWithTheme(<Deal id="d-1" />);
    const again = highlightLiveFields(document, 'deal:d-1', ['owner_id', 'stage_id']);
    expect(document.querySelectorAll(`[${LIVE_CHANGED_ATTRIBUTE}]`)).toHaveLength(2);
    again();
    undo();
    expect(document.querySelectorAll(`[${LIVE_CHANGED_ATTRIBUTE}]`)).toHaveLength(0);
  });
});
