import { DealProductForm } from '@products/features/products/components/DealProductForm';

/** products/ProductForm: the /product-create-modal page (add, or edit when productId is given). */
export function ProductForm() {
  return <DealProductForm />;
}

export { ProductForm as default };
