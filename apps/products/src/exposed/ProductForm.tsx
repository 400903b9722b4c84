import { DealProductForm } from '@products/features/products/components/DealProductForm';
import { type RemoteModules } from '@crm-panel/contracts';
import { withPanelTheme } from '@crm-panel/ui';

/** products/ProductForm: the /product-create-modal page (add, or edit when productId is given). */
export function ProductForm() {
  return <DealProductForm />;
}

// Checked against the shell's contract at build time (libs/contracts RemoteModules).
export default withPanelTheme(ProductForm) satisfies RemoteModules['products/ProductForm'];
