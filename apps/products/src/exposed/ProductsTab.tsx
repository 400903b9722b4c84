import { type DealTabProps, type RemoteModules } from '@crm-panel/contracts';
import { DealProductsTab } from '@products/features/products/components/DealProductsTab';
import { withPanelTheme } from '@crm-panel/ui';

/** products/ProductsTab: the deal's 'Produtos e Serviços' tab. */
export function ProductsTab({ dealId, dealName }: DealTabProps) {
  // A new deal starts from a clean tab (no notice or dialog left from the previous one).
  return <DealProductsTab key={dealId ?? 'sem-negociacao'} dealId={dealId} dealName={dealName} />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(ProductsTab) satisfies RemoteModules['products/ProductsTab'];
