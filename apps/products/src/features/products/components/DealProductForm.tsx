import { useInfiniteQuery } from '@tanstack/react-query';
import { productsInfiniteQueryOptions } from '@crm-panel/api-client';
import { MESSAGES } from '@crm-panel/crm-model';
import { useHostForms, useHostUserInfo } from '@crm-panel/host-bridge';
import { Alert, Button, InlineError } from '@crm-panel/ui';
import { FormActions, ModalPage, useFormLoadGate } from '@crm-panel/ui/form-kit';
import { useDealProductToEdit } from '../hooks/useDealProductToEdit';
import { useProductFormQuery } from '../hooks/useProductFormQuery';
import { dealProductToFormValues, EMPTY_PRODUCT_FORM } from '../model/productForm';
import { ProductFormFields } from './ProductFormFields';
import { ProductFormSkeleton } from './ProductFormSkeleton';

/**
 * /product-create-modal (query dealId, dealName, productId — present means edit). Data loads as
 * soon as the host user info is ready, at the latest 5000 ms after mounting (useFormLoadGate).
 */
export function DealProductForm() {
  const query = useProductFormQuery();
  const { status } = useHostUserInfo();
  const canLoad = useFormLoadGate(status !== 'ready');
  const forms = useHostForms();
  const toEdit = useDealProductToEdit(query.dealId, query.isEdit ? query.productId : null, canLoad);
  // The catalogue loads alongside the item being edited, not after it (same cache entry as the
  // Produto select, which mounts once the item is there).
  useInfiniteQuery({ ...productsInfiniteQueryOptions(), enabled: canLoad });
  const title = query.isEdit ? 'Editar Produto' : 'Adicionar Produto';
  const cancel = (
    <FormActions>
      <Button variant="secondary" onClick={() => void forms.cancelForm()}>
        Cancelar
      </Button>
    </FormActions>
  );

  let body;
  if (query.isEdit && query.problem === null && toEdit.status !== 'ready') {
    if (toEdit.status === 'error') {
      body = (
        <>
          <InlineError message={toEdit.message} onRetry={toEdit.retry} />
          {cancel}
        </>
      );
    } else if (toEdit.status === 'notFound') {
      body = (
        <>
          <Alert tone="error">{MESSAGES.products.notFound}</Alert>
          {cancel}
        </>
      );
    } else {
      body = <ProductFormSkeleton />;
    }
  } else {
    body = (
      <ProductFormFields
        initialValues={
          toEdit.status === 'ready' ? dealProductToFormValues(toEdit.item) : EMPTY_PRODUCT_FORM
        }
        dealId={query.dealId}
        dealProductId={query.productId}
        isEdit={query.isEdit}
        problem={query.problem}
        canLoad={canLoad}
      />
    );
  }

  return (
    <ModalPage
      onClose={forms.cancelForm}
      title={title}
      subtitle={query.dealName ? `Negociação: ${query.dealName}` : undefined}
      busy={query.isEdit && toEdit.status === 'loading'}
    >
      {body}
    </ModalPage>
  );
}
