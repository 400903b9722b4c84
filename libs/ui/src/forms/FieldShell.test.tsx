import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '@ui/test-utils';
import { TextInput } from './TextInput';

describe('FieldShell: a message never moves what is being pressed', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const field = (error?: string) => <TextInput label="Nome" required error={error} />;

  it('shows a message that arrives while the pointer is down only once it is released', () => {
    const { rerender } = renderWithTheme(field());
    fireEvent.pointerDown(window);
    // The blur of the mouse-down on a button below validates the field…
    rerender(field('Nome é obrigatório'));
    expect(screen.queryByText('Nome é obrigatório')).not.toBeInTheDocument();
    fireEvent.pointerUp(window);
    // …and the click that follows the release is dispatched before the message shows.
    expect(screen.queryByText('Nome é obrigatório')).not.toBeInTheDocument();
    act(() => jest.runOnlyPendingTimers());
    expect(screen.getByText('Nome é obrigatório')).toBeVisible();
  });

  it('keeps a message that goes away while the pointer is down until it is released', () => {
    const { rerender } = renderWithTheme(field('Nome é obrigatório'));
    fireEvent.pointerDown(window);
    rerender(field());
    expect(screen.getByText('Nome é obrigatório')).toBeVisible();
    fireEvent.pointerUp(window);
    act(() => jest.runOnlyPendingTimers());
    expect(screen.queryByText('Nome é obrigatório')).not.toBeInTheDocument();
  });

  it('shows a message at once when no pointer is down (typing, tabbing away)', () => {
    const { rerender } = renderWithTheme(field());
    rerender(field('Nome é obrigatório'));
    expect(screen.getByText('Nome é obrigatório')).toBeVisible();
  });
});
