import { render, screen } from '@testing-library/react';
import { ContactHeader } from './ContactHeader';

it('says no contact is selected when there is no chat', () => {
  render(<ContactHeader contactId={null} />);
  expect(screen.getByText('Nenhum contato selecionado')).toBeInTheDocument();
});
