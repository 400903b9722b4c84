import { NBSP, formatBRL, formatDiscount, formatPercent } from './money';

describe('formatBRL', () => {
  it('formats pt-BR reais with Intl (non-breaking space after R$)', () => {
    expect(formatBRL(1234.5)).toBe(`R$${NBSP}1.234,50`);
    expect(formatBRL(0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRL(1_000_000)).toBe(`R$${NBSP}1.000.000,00`);
    expect(formatBRL(0.005)).toBe(`R$${NBSP}0,01`);
  });

  it('matches Intl exactly', () => {
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    for (const value of [-12.3, 9.99, 59.97, 123456.789]) {
      expect(formatBRL(value)).toBe(intl.format(value));
    }
  });

  it('reads with a plain space once whitespace is normalised (as Testing Library does)', () => {
    expect(formatBRL(59.97).replace(/\s+/g, ' ')).toBe('R$ 59,97');
  });
});

describe('formatPercent / formatDiscount', () => {
  it('shows percentages with a pt-BR decimal comma', () => {
    expect(formatPercent(10)).toBe('10%');
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent(33.333)).toBe('33,33%');
  });

  it('shows a percentage discount as percent and an amount discount in BRL', () => {
    expect(formatDiscount('percentage', 15)).toBe('15%');
    expect(formatDiscount('amount', 15)).toBe(`R$${NBSP}15,00`);
    expect(formatDiscount(null, 0)).toBe(`R$${NBSP}0,00`);
  });
});
