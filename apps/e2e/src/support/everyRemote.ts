import type { HostSim } from './hostSim';

/**
 * With a deal chosen: the tasks and products remotes in their tabs, then the credentials remote
 * (the integration manager) in the host's modal; resolves once each has shown its content.
 */
export async function tasksProductsAndIntegration(sim: HostSim): Promise<void> {
  const panel = sim.panel;
  await panel.getByRole('tab', { name: 'Tarefas' }).click();
  await panel.getByRole('button', { name: 'Adicionar' }).waitFor();
  await panel.getByRole('tab', { name: 'Produtos e Serviços' }).click();
  await panel.locator('[data-remote="products/ProductsTab"]').waitFor();
  await panel.getByRole('button', { name: 'Gerenciar Integração' }).click();
  await sim.modal
    .getByText(/Zona de perigo|Desativar integração/)
    .first()
    .waitFor();
}
