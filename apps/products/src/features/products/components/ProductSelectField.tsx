import { useFormikContext } from 'formik';
import { MESSAGES } from '@crm-panel/crm-model';
import { FormikSingleSelect } from '@crm-panel/ui/form-kit';
import { type ProductOptions } from '../hooks/useProductOptions';
import { moneyText, type ProductFormValues } from '../model/productForm';

export interface ProductSelectFieldProps {
  catalogue: ProductOptions;
  disabled?: boolean;
}

/** 'Produto': the searchable catalogue select; choosing a product fills in its price. */
export function ProductSelectField({ catalogue, disabled = false }: ProductSelectFieldProps) {
  const { setFieldValue } = useFormikContext<ProductFormValues>();
  return (
    <FormikSingleSelect
      name="productId"
      label="Produto"
      required
      searchable
      options={catalogue.options}
      selectedLabel={catalogue.selectedLabel}
      onValueChange={(value) => {
        const product = value ? catalogue.productById(value) : undefined;
        if (product) void setFieldValue('price', moneyText(product.price));
      }}
      onSearch={catalogue.onSearch}
      loading={catalogue.loading}
      hasMore={catalogue.hasMore}
      loadingMore={catalogue.loadingMore}
      onLoadMore={catalogue.onLoadMore}
      emptyText={catalogue.hasMore ? MESSAGES.dropdown.loadingMore : MESSAGES.dropdown.noOptions}
      disabled={disabled}
    />
  );
}
