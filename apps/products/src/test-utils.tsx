export {
  createTestQueryClient,
  renderRemoteSettled as renderWithProviders,
  type RenderRemoteOptions as RenderOptions,
  type RenderRemoteResult as Rendered,
} from '@crm-panel/dev-harness/render';
