import { DealToolbar } from '../features/toolbar/components/DealToolbar';

export { DealToolbar };
export { DealToolbar as default };
