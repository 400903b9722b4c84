import { useFormikContext } from 'formik';
import { type FocusEvent } from 'react';
import { MESSAGES } from '@crm-panel/crm-model';
import { SingleSelect } from '@crm-panel/ui';
import { type ProductOptions } from '../hooks/useProductOptions';
import { type ProductFormValues } from '../model/productForm';

export interface ProductSelectFieldProps {
  catalogue: ProductOptions;
  disabled?: boolean;
}

/** 'Produto': the searchable catalogue select; choosing a product fills in its price. */
export function ProductSelectField({ catalogue, disabled = false }: ProductSelectFieldProps) {
  const { values, errors, touched, submitCount, setFieldValue, setFieldTouched } =
    useFormikContext<ProductFormValues>();
  const showError = Boolean(touched.productId) || submitCount > 0;

  const choose = (value: string | null) => {
    void setFieldValue('productId', value ?? '');
    void setFieldTouched('productId', true, false);
    const product = value ? catalogue.productById(value) : undefined;
    if (product) void setFieldValue('price', String(product.price));
  };

  // Leaving the select without a choice marks it touched, so 'Selecione um produto' shows.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    void setFieldTouched('productId', true);
  };

  return (
    <div onBlur={onBlur}>
      <SingleSelect
        label="Produto"
        required
        searchable
        options={catalogue.options}
        value={values.productId || null}
        selectedLabel={catalogue.selectedLabel}
        onChange={choose}
        onSearch={catalogue.onSearch}
        loading={catalogue.loading}
        hasMore={catalogue.hasMore}
        loadingMore={catalogue.loadingMore}
        onLoadMore={catalogue.onLoadMore}
        emptyText={catalogue.hasMore ? MESSAGES.dropdown.loadingMore : MESSAGES.dropdown.noOptions}
        error={showError ? errors.productId : undefined}
        disabled={disabled}
      />
    </div>
  );
}
