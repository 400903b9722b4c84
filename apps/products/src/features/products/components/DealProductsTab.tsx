import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import {
  dealProductsQueryOptions,
  useDeleteDealProduct,
  usePanelCache,
} from '@crm-panel/api-client';
import { type DealTabProps } from '@crm-panel/contracts';
import { type DealProduct, MESSAGES } from '@crm-panel/crm-model';
import { useFormResult, useHostForms } from '@crm-panel/host-bridge';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  InlineError,
  NoticeBanner,
  Skeleton,
  useNotice,
  Stack,
} from '@crm-panel/ui';
import { useCatalogueProducts } from '../hooks/useCatalogueProducts';
import { DealProductItem } from './DealProductItem';

export type DealProductsTabProps = DealTabProps;

const TEXTS = MESSAGES.products;

/**
 * The deal's 'Produtos e Serviços' tab: its products with catalogue name, list and negotiated
 * price, discount, billing frequency and total; add, edit (host modal) and delete.
 */
export function DealProductsTab({ dealId, dealName }: DealProductsTabProps) {
  const forms = useHostForms();
  const cache = usePanelCache();
  const hasDeal = Boolean(dealId);
  const products = useQuery({ ...dealProductsQueryOptions(dealId ?? ''), enabled: hasDeal });
  const items = useMemo(
    () => (products.isError ? [] : (products.data ?? [])),
    [products.isError, products.data],
  );
  const productIds = useMemo(() => items.map((item) => item.product_id), [items]);
  const catalogue = useCatalogueProducts(productIds);
  const remove = useDeleteDealProduct();
  const notice = useNotice(dealId);
  const [toDelete, setToDelete] = useState<DealProduct | null>(null);
  // Which form the tab opened last, to confirm the right thing once it closes with success.
  const openedFor = useRef<'add' | 'edit'>('add');

  useFormResult('product-create', ({ result }) => {
    if (!result.success || !dealId) return;
    void (result.product
      ? cache.dealProductWritten(dealId, result.product)
      : cache.dealProductsChanged(dealId));
    notice.success(openedFor.current === 'edit' ? TEXTS.updateSuccess : TEXTS.addSuccess);
  });

  const openForm = (item?: DealProduct) => {
    if (!dealId) return;
    openedFor.current = item ? 'edit' : 'add';
    notice.clear();
    forms.openForm('product-create', {
      dealId,
      dealName: dealName ?? null,
      productId: item?.id ?? null,
    });
  };

  const refresh = () => {
    notice.clear();
    void products.refetch();
    void cache.catalogueRefreshed();
  };

  const confirmDelete = async () => {
    if (!toDelete || !dealId) return;
    try {
      await remove.mutateAsync({ dealId, dealProductId: toDelete.id });
      notice.success(TEXTS.removeSuccess);
    } catch {
      notice.error(TEXTS.removeError);
    } finally {
      setToDelete(null);
    }
  };

  let content;
  if (!hasDeal) {
    content = (
      <EmptyState
        title={TEXTS.empty}
        description="Selecione uma negociação para ver os produtos e serviços dela."
      />
    );
  } else if (products.isError) {
    content = <InlineError message={TEXTS.loadError} onRetry={() => void products.refetch()} />;
  } else if (products.isPending) {
    content = (
      <Stack>
        <Skeleton variant="block" height="product" label="Carregando produtos..." />
        <Skeleton variant="block" height="product" decorative />
      </Stack>
    );
  } else if (items.length === 0) {
    content = <EmptyState title={TEXTS.empty} />;
  } else {
    content = (
      <Stack list aria-label="Produtos da negociação">
        {items.map((item) => (
          <li key={item.id}>
            <DealProductItem
              item={item}
              catalogue={catalogue(item.product_id)}
              onEdit={openForm}
              onDelete={setToDelete}
              disabled={remove.isPending}
            />
          </li>
        ))}
      </Stack>
    );
  }

  const toDeleteEntry = toDelete ? catalogue(toDelete.product_id) : null;
  const toDeleteName =
    toDeleteEntry?.status === 'found' ? toDeleteEntry.product.name : TEXTS.notFound;

  return (
    <Card
      title="Produtos e Serviços"
      actions={
        <>
          <Button
            variant="primary"
            size="sm"
            icon="plus"
            disabled={!hasDeal}
            onClick={() => openForm()}
          >
            Adicionar Produto
          </Button>
          <Button variant="ghost" size="sm" icon="refresh" disabled={!hasDeal} onClick={refresh}>
            Atualizar
          </Button>
        </>
      }
    >
      <Stack aria-busy={(hasDeal && products.isFetching) || undefined}>
        <NoticeBanner notice={notice.notice} onClose={notice.clear} />
        {content}
      </Stack>
      <ConfirmDialog
        open={toDelete !== null}
        title="Excluir produto"
        message={`Remover "${toDeleteName}" desta negociação? Esta ação não pode ser desfeita.`}
        confirmLabel="Excluir"
        tone="danger"
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Card>
  );
}
