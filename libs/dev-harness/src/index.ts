// The standalone half of the harness: a remote's dev page is configuration for mountStandalone.
// Tests use `@crm-panel/dev-harness/render`.
export { mountStandalone, type StandaloneConfig } from './mountStandalone';
export { type StandaloneView, type StandalonePageRoute } from './StandaloneFrame';
export { type StandaloneModalRoute } from './StandaloneModalLayer';
export { type StandaloneFailure } from './FailureSwitches';
export { DealTabDemo, type DealTabDemoProps } from './DealTabDemo';
export {
  createStandaloneHost,
  type StandaloneHost,
  type StandaloneHostState,
  type StandaloneModal,
} from './standaloneHost';
