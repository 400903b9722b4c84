import { dealsFixture, liveDealChange } from '@crm-panel/api-client/testing';
import { buildModalUrl, MODAL_PATHS } from '@crm-panel/contracts';
import { DealTabDemo, type StandaloneConfig } from '@crm-panel/dev-harness';
import { Button } from '@crm-panel/ui';
import { ProductForm } from '@products/exposed/ProductForm';
import { ProductsTab } from '@products/exposed/ProductsTab';

const deal = dealsFixture[0];

/** The products remote on its own: the tab and the product form over the mock api. */
export const standalone: StandaloneConfig = {
  name: 'products',
  views: [
    { to: '/', label: 'products/ProductsTab' },
    {
      to: buildModalUrl('product-create', { dealId: deal?.id, dealName: deal?.name }),
      label: 'products/ProductForm (adicionar)',
    },
    {
      to: buildModalUrl('product-create', {
        dealId: deal?.id,
        dealName: deal?.name,
        productId: 'deal-product-1',
      }),
      label: 'products/ProductForm (editar)',
    },
  ],
  routes: [
    {
      path: '*',
      element: (
        <DealTabDemo
          render={(dealId, dealName) => <ProductsTab dealId={dealId} dealName={dealName} />}
        />
      ),
    },
  ],
  modalRoutes: [{ path: MODAL_PATHS['product-create'], element: <ProductForm /> }],
  // Someone else edits the product the form shows: the open form warns and keeps what was typed.
  controls: (_host, live) => (
    <Button
      variant="secondary"
      onClick={() =>
        live.push({
          ...liveDealChange(`demo-${Date.now()}`),
          record: {
            type: 'dealProduct',
            id: 'deal-product-1',
            dealId: deal?.id ?? null,
            contactId: null,
          },
        })
      }
    >
      Simular alteração do produto por outra pessoa
    </Button>
  ),
  failures: [
    {
      label: 'Simular falha ao carregar produtos',
      method: 'get',
      path: '/api/rdstation/deals/:id/products',
    },
  ],
};
