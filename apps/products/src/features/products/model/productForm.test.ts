import { type DealProduct } from '@crm-panel/crm-model';
import {
  canSubmitProduct,
  decimalText,
  moneyText,
  parseDecimal,
  steppedDecimal,
  dealProductToFormValues,
  EMPTY_PRODUCT_FORM,
  estimateFromValues,
  productFormSchema,
  type ProductFormValues,
  toDealProductPayload,
} from './productForm';

const filled: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  productId: 'product-1',
  price: '100',
  quantity: '2',
};

async function errorsOf(values: ProductFormValues): Promise<string[]> {
  try {
    await productFormSchema.validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('productForm', () => {
  it('defaults: quantity 1, one-time billing, no discount', () => {
    expect(EMPTY_PRODUCT_FORM).toEqual({
      productId: '',
      price: '',
      quantity: '1',
      discountType: '',
      discount: '',
      billingFrequency: 'one-time',
    });
  });

  it.each([
    [{ productId: '' }, ['Selecione um produto']],
    [{ price: '-0.01' }, ['Preço inválido']],
    [{ price: 'abc' }, ['Preço inválido']],
    [{ price: '0' }, []],
    [{ quantity: '0' }, ['Quantidade deve ser no mínimo 1']],
    [{ quantity: '2.5' }, ['Quantidade deve ser no mínimo 1']],
    [{ discountType: 'amount', discount: '-1' }, ['Desconto inválido']],
    [{ discountType: 'amount', discount: '500' }, []],
    [
      { discountType: 'percentage', discount: '100.01' },
      ['Desconto percentual não pode ser maior que 100%'],
    ],
    [{ discountType: 'percentage', discount: '100' }, []],
    [{ discountType: '', discount: '-1' }, []],
  ] as const)('validates %j', async (change, expected) => {
    expect(await errorsOf({ ...filled, ...change })).toEqual(expected);
  });

  it('sends discount and its type only when the discount is above 0', () => {
    expect(toDealProductPayload({ ...filled, discountType: 'amount', discount: '0' })).toEqual({
      product_id: 'product-1',
      price: 100,
      quantity: 2,
      billing_frequency: 'one-time',
    });
    expect(toDealProductPayload({ ...filled, discountType: '', discount: '' })).not.toHaveProperty(
      'discount',
    );
    expect(
      toDealProductPayload({ ...filled, discountType: 'percentage', discount: '12,5' }),
    ).toEqual({
      product_id: 'product-1',
      price: 100,
      quantity: 2,
      billing_frequency: 'one-time',
      discount_type: 'percentage',
      discount: 12.5,
    });
  });

  it('clears the discount of an edited item that had one (the CRM keeps fields it is not sent)', () => {
    const hadDiscount = { ...filled, discountType: 'percentage' as const, discount: '10' };
    expect(
      toDealProductPayload({ ...filled, discountType: '', discount: '' }, hadDiscount),
    ).toEqual({
      product_id: 'product-1',
      price: 100,
      quantity: 2,
      billing_frequency: 'one-time',
      discount: 0,
    });
    expect(
      toDealProductPayload({ ...filled, discountType: '', discount: '' }, filled),
    ).not.toHaveProperty('discount');
  });

  it.each([
    ['10,50', 10.5],
    ['10.50', 10.5],
    ['89.9', 89.9],
    ['1.234,56', 1234.56],
    ['1.234', 1234],
    ['1.234.567,8', 1234567.8],
    ['1234,56', 1234.56],
    [' 7 ', 7],
    ['0', 0],
    ['', Number.NaN],
    ['-1', Number.NaN],
    ['1e3', Number.NaN],
    ['10,5,0', Number.NaN],
    ['1.23,4', Number.NaN],
    ['R$ 10', Number.NaN],
  ])('reads %j as a person in Brazil writes numbers: %d', (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it('shows money with two decimals after a comma, all of them when it has more', () => {
    expect(moneyText(299)).toBe('299,00');
    expect(moneyText(10.5)).toBe('10,50');
    expect(moneyText(1234.56)).toBe('1234,56');
    expect(moneyText(10.555)).toBe('10,555');
    expect(decimalText(12.5)).toBe('12,5');
    expect(decimalText(10)).toBe('10');
    // What it shows reads back as the same value.
    for (const value of [299, 10.5, 1234.56, 10.555, 0.01]) {
      expect(parseDecimal(moneyText(value))).toBe(value);
    }
  });

  it("steps a money field by a cent with the arrow keys, never below 0 (the spec's step 0.01, min 0)", () => {
    expect(steppedDecimal('299,00', 'ArrowUp')).toBe(299.01);
    expect(steppedDecimal('10,5', 'ArrowDown')).toBe(10.49);
    expect(steppedDecimal('1.234,56', 'ArrowUp')).toBe(1234.57);
    expect(steppedDecimal('0,00', 'ArrowDown')).toBe(0);
    expect(steppedDecimal('', 'ArrowUp')).toBe(0.01);
    expect(steppedDecimal('abc', 'ArrowDown')).toBe(0);
    expect(steppedDecimal('299,00', 'a')).toBeNull();
    expect(steppedDecimal('299,00', 'Enter')).toBeNull();
    // The quantity: step 1, min 1.
    expect(steppedDecimal('3', 'ArrowUp', 1, 1)).toBe(4);
    expect(steppedDecimal('1', 'ArrowDown', 1, 1)).toBe(1);
    expect(steppedDecimal('', 'ArrowUp', 1, 1)).toBe(2);
  });

  it('reads an amount discount as money and a percentage as a number', () => {
    const item: DealProduct = {
      id: 'dp',
      product_id: 'product-2',
      quantity: 1,
      price: 1500,
      discount: 12.5,
      discount_type: 'percentage',
      billing_frequency: 'one-time',
      total_price: 1312.5,
    };
    expect(dealProductToFormValues(item)).toMatchObject({ price: '1500,00', discount: '12,5' });
    expect(
      dealProductToFormValues({ ...item, discount_type: 'amount', discount: 100 }),
    ).toMatchObject({ price: '1500,00', discount: '100,00' });
  });

  it('reads an existing deal product; a zero discount reads as none', () => {
    const item: DealProduct = {
      id: 'dp',
      product_id: 'product-2',
      quantity: 3,
      price: 50.5,
      discount: 0,
      discount_type: 'amount',
      billing_frequency: 'annually',
      total_price: 151.5,
    };
    expect(dealProductToFormValues(item)).toEqual({
      productId: 'product-2',
      price: '50,50',
      quantity: '3',
      discountType: '',
      discount: '',
      billingFrequency: 'annually',
    });
  });

  it('estimates only with a valid price and quantity; never below 0', () => {
    expect(estimateFromValues({ ...filled, price: '' })).toBeNull();
    expect(estimateFromValues({ ...filled, quantity: '0' })).toBeNull();
    expect(estimateFromValues({ ...filled, price: '-5' })).toBeNull();
    expect(estimateFromValues({ ...filled, discountType: 'amount', discount: '500' })).toEqual({
      gross: 200,
      discountValue: 200,
      total: 0,
      hasDiscount: true,
    });
  });

  it('submit needs product, price and quantity', () => {
    expect(canSubmitProduct(filled)).toBe(true);
    expect(canSubmitProduct({ ...filled, productId: '' })).toBe(false);
    expect(canSubmitProduct({ ...filled, price: ' ' })).toBe(false);
    expect(canSubmitProduct({ ...filled, quantity: '' })).toBe(false);
  });
});
