import { productMatches, productOption } from './productOption';

const professional = {
  id: 'product-2',
  name: 'Plano Profissional',
  description:
    'Usuários ilimitados, relatórios avançados e suporte prioritário por telefone e chat.',
  price: 1299.5,
};

describe('productOption', () => {
  it("labels name + ' - ' + BRL price, subtitle the first 60 characters", () => {
    expect(productOption(professional)).toEqual({
      value: 'product-2',
      label: 'Plano Profissional - R$\u00a01.299,50',
      subtitle: 'Usuários ilimitados, relatórios avançados e suporte prioritá',
    });
    expect(productOption({ ...professional, description: '   ' })).not.toHaveProperty('subtitle');
    expect(productOption({ ...professional, description: null }).subtitle).toBeUndefined();
  });

  it('matches without accents or case, on name, price and description', () => {
    expect(productMatches(professional, 'PROFISSIONAL')).toBe(true);
    expect(productMatches(professional, 'relatorios')).toBe(true);
    expect(productMatches(professional, '1.299')).toBe(true);
    expect(productMatches(professional, 'básico')).toBe(false);
    expect(productMatches(professional, '  ')).toBe(true);
  });
});
