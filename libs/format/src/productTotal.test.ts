import { estimateProductTotal } from './productTotal';

describe('estimateProductTotal', () => {
  it('multiplies price by quantity without a discount', () => {
    expect(estimateProductTotal({ price: 19.99, quantity: 3 })).toEqual({
      gross: 59.97,
      discountValue: 0,
      total: 59.97,
      hasDiscount: false,
    });
  });

  it('takes a percentage discount off the gross', () => {
    expect(
      estimateProductTotal({ price: 100, quantity: 2, discountType: 'percentage', discount: 10 }),
    ).toEqual({ gross: 200, discountValue: 20, total: 180, hasDiscount: true });
  });

  it('takes a fixed discount off the gross', () => {
    expect(
      estimateProductTotal({ price: 50, quantity: 3, discountType: 'amount', discount: 25.5 }),
    ).toEqual({ gross: 150, discountValue: 25.5, total: 124.5, hasDiscount: true });
  });

  it('never goes below 0', () => {
    expect(
      estimateProductTotal({ price: 10, quantity: 1, discountType: 'amount', discount: 50 }),
    ).toEqual({ gross: 10, discountValue: 10, total: 0, hasDiscount: true });
    expect(
      estimateProductTotal({ price: 10, quantity: 1, discountType: 'percentage', discount: 150 }),
    ).toEqual({ gross: 10, discountValue: 10, total: 0, hasDiscount: true });
  });

  it('ignores a discount without a type, or one that is not positive', () => {
    expect(estimateProductTotal({ price: 10, quantity: 2, discount: 5 })?.total).toBe(20);
    expect(
      estimateProductTotal({ price: 10, quantity: 2, discountType: 'amount', discount: 0 }),
    ).toEqual({ gross: 20, discountValue: 0, total: 20, hasDiscount: false });
    expect(
      estimateProductTotal({ price: 10, quantity: 2, discountType: 'amount', discount: -5 })?.total,
    ).toBe(20);
    expect(
      estimateProductTotal({ price: 10, quantity: 2, discountType: 'amount', discount: NaN })
        ?.total,
    ).toBe(20);
  });

  it('rounds to cents', () => {
    expect(
      estimateProductTotal({ price: 33.33, quantity: 3, discountType: 'percentage', discount: 33 }),
    ).toEqual({ gross: 99.99, discountValue: 33, total: 66.99, hasDiscount: true });
  });

  it('is null while price or quantity is not a number (the box stays hidden)', () => {
    expect(estimateProductTotal({ price: NaN, quantity: 1 })).toBeNull();
    expect(estimateProductTotal({ price: 10, quantity: Number('') * NaN })).toBeNull();
    expect(estimateProductTotal({ price: Infinity, quantity: 1 })).toBeNull();
  });
});
