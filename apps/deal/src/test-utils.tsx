export {
  createTestQueryClient,
  renderRemote as renderWithProviders,
  type RenderRemoteOptions as RenderWithProvidersOptions,
  type RenderRemoteResult as ProvidersRenderResult,
} from '@crm-panel/dev-harness/render';
