import { type DealProduct } from '@crm-panel/crm-model';
import {
  canSubmitProduct,
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
      price: '50.5',
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
