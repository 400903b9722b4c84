import { useFormikContext } from 'formik';
import { type KeyboardEvent } from 'react';
import {
  BILLING_FREQUENCIES,
  BILLING_FREQUENCY_LABELS,
  DISCOUNT_TYPES,
  DISCOUNT_TYPE_LABELS,
  type DiscountType,
  MESSAGES,
} from '@crm-panel/crm-model';
import { Alert, FormErrorBanner, InlineError } from '@crm-panel/ui';
import { Select } from '@crm-panel/ui/fields';
import {
  FormikFormActions,
  FormikFormLayout,
  FormikSelect,
  FormikTextField,
  FormRow,
} from '@crm-panel/ui/form-kit';
import { useProductOptions } from '../hooks/useProductOptions';
import {
  canSubmitProduct,
  discountTextOf,
  estimateFromValues,
  moneyText,
  parseDecimal,
  type ProductFormValues,
  steppedDecimal,
} from '../model/productForm';
import { EstimatedTotal } from './EstimatedTotal';
import { ProductSelectField } from './ProductSelectField';

export interface ProductFormContentProps {
  canLoad: boolean;
  isEdit: boolean;
  bannerError: string | null;
  onCloseBanner: () => void;
  success: string | null;
  /** The warning that someone else changed this deal product or its deal (live updates). */
  changedElsewhere: string | null;
  onCancel: () => void;
}

const TEXTS = MESSAGES.products;

const discountTypeOptions = DISCOUNT_TYPES.map((type) => ({
  value: type,
  label: DISCOUNT_TYPE_LABELS[type],
}));

const billingOptions = BILLING_FREQUENCIES.map((frequency) => ({
  value: frequency,
  label: BILLING_FREQUENCY_LABELS[frequency],
}));

const isDiscountType = (value: string): value is DiscountType =>
  (DISCOUNT_TYPES as readonly string[]).includes(value);

/** The fields, the 'Valor Total Estimado' box, banners and the two buttons of the product form. */
export function ProductFormContent({
  canLoad,
  isEdit,
  bannerError,
  onCloseBanner,
  success,
  changedElsewhere,
  onCancel,
}: ProductFormContentProps) {
  const { values, setFieldValue } = useFormikContext<ProductFormValues>();
  const catalogue = useProductOptions(canLoad, values.productId);
  const estimate = estimateFromValues(values);
  const done = success !== null;
  const hasDiscountType = values.discountType !== '';
  /** ArrowUp/ArrowDown step a field by its step, never below its minimum, as number inputs do. */
  const stepper =
    (
      name: 'price' | 'discount' | 'quantity',
      format: (value: number) => string,
      step?: number,
      min?: number,
    ) =>
    (event: KeyboardEvent<HTMLInputElement>) => {
      const next = steppedDecimal(values[name], event.key, step, min);
      if (next === null) return;
      event.preventDefault();
      void setFieldValue(name, format(next));
    };

  return (
    <FormikFormLayout aria-label={isEdit ? 'Editar Produto' : 'Adicionar Produto'}>
      {success ? <Alert tone="success">{success}</Alert> : null}
      {changedElsewhere ? <Alert tone="warning">{changedElsewhere}</Alert> : null}
      <FormErrorBanner message={bannerError} onClose={onCloseBanner} />
      {catalogue.error ? <InlineError message={catalogue.error} onRetry={catalogue.retry} /> : null}

      <ProductSelectField catalogue={catalogue} disabled={done} />

      <FormRow>
        {/* Numbers as text: a native number input drops the comma a person in Brazil types in
            an English browser ('10,50' became 1050, '1,5' 15); the form reads '10,50', '10.50'
            and '1.234,56' (productForm.ts parseDecimal) and names what it cannot. */}
        <FormikTextField
          name="price"
          label="Preço Unitário (R$)"
          inputMode="decimal"
          autoComplete="off"
          onKeyDown={stepper('price', moneyText)}
          required
          disabled={done}
        />
        <FormikTextField
          name="quantity"
          label="Quantidade"
          inputMode="numeric"
          autoComplete="off"
          onKeyDown={stepper('quantity', String, 1, 1)}
          required
          disabled={done}
        />
      </FormRow>

      <FormRow>
        <Select
          label="Tipo de Desconto"
          name="discountType"
          placeholder="Sem desconto"
          options={discountTypeOptions}
          value={values.discountType}
          disabled={done}
          onChange={(event) => {
            const next = event.target.value;
            void setFieldValue('discountType', isDiscountType(next) ? next : '');
            // No type, no discount: the value field is disabled, so clear what it held.
            if (!isDiscountType(next)) void setFieldValue('discount', '');
          }}
        />
        <FormikTextField
          name="discount"
          label="Valor do Desconto"
          inputMode="decimal"
          autoComplete="off"
          onKeyDown={stepper('discount', discountTextOf(values.discountType))}
          placeholder={
            values.discountType === 'percentage' ? TEXTS.percentagePlaceholder : undefined
          }
          disabled={!hasDiscountType || done}
          helperText={hasDiscountType ? undefined : 'Escolha um tipo de desconto primeiro.'}
        />
      </FormRow>

      <FormikSelect
        name="billingFrequency"
        label="Frequência de Cobrança"
        options={billingOptions}
        disabled={done}
      />

      {estimate ? (
        <EstimatedTotal
          estimate={estimate}
          discountType={values.discountType}
          discount={parseDecimal(values.discount)}
        />
      ) : null}

      <FormikFormActions
        submitLabel={isEdit ? 'Salvar Alterações' : 'Adicionar Produto'}
        submitDisabled={!canSubmitProduct(values)}
        onCancel={onCancel}
        done={done}
      />
    </FormikFormLayout>
  );
}
