import { Formik } from 'formik';
import { useState } from 'react';
import { getErrorMessage, useRecordChangeWarning, useSaveDealProduct } from '@crm-panel/api-client';
import { type DealProduct, MESSAGES } from '@crm-panel/crm-model';
import { useHostForms } from '@crm-panel/host-bridge';
import {
  productFormSchema,
  type ProductFormValues,
  toDealProductPayload,
} from '../model/productForm';
import { ProductFormContent } from './ProductFormContent';

export interface ProductFormFieldsProps {
  initialValues: ProductFormValues;
  dealId: string | null;
  /** The deal-product id when editing. */
  dealProductId: string | null;
  isEdit: boolean;
  /** A missing id ('ID da negociação não fornecido' / 'ID do produto não fornecido'). */
  problem: string | null;
  /** The host is ready (or 5000 ms passed): the catalogue may load. */
  canLoad: boolean;
}

const TEXTS = MESSAGES.products;

/** The product form itself (formik + yup); ends the host form with the saved deal product. */
export function ProductFormFields({
  initialValues,
  dealId,
  dealProductId,
  isEdit,
  problem,
  canLoad,
}: ProductFormFieldsProps) {
  const forms = useHostForms();
  const save = useSaveDealProduct();
  const [bannerError, setBannerError] = useState<string | null>(problem);
  const [success, setSuccess] = useState<string | null>(null);
  // Someone else changed this deal product, or its deal, meanwhile: say so; the form keeps what
  // was typed (formik never re-initialises from a re-read).
  const productChanged = useRecordChangeWarning(
    isEdit && dealProductId ? { type: 'dealProduct', id: dealProductId } : null,
  );
  const dealChanged = useRecordChangeWarning(dealId ? { type: 'deal', id: dealId } : null);

  const submit = async (values: ProductFormValues) => {
    setBannerError(null);
    if (problem || !dealId) {
      setBannerError(problem ?? TEXTS.dealIdMissing);
      return;
    }
    let product: DealProduct;
    try {
      product = await save.mutateAsync({
        dealId,
        dealProductId: isEdit ? dealProductId : null,
        payload: toDealProductPayload(values, isEdit ? initialValues : undefined),
      });
    } catch (error) {
      // Formik keeps every value: nothing typed is lost.
      setBannerError(getErrorMessage(error, isEdit ? TEXTS.updateError : TEXTS.createError));
      return;
    }
    setSuccess(isEdit ? TEXTS.updateSuccess : TEXTS.addSuccess);
    await forms.closeForm({ success: true, product });
  };

  return (
    <Formik<ProductFormValues>
      initialValues={initialValues}
      validationSchema={productFormSchema}
      onSubmit={submit}
    >
      <ProductFormContent
        canLoad={canLoad}
        isEdit={isEdit}
        bannerError={bannerError}
        onCloseBanner={() => setBannerError(null)}
        success={success}
        changedElsewhere={success ? null : (productChanged ?? dealChanged)}
        onCancel={() => void forms.cancelForm()}
      />
    </Formik>
  );
}
