import { DealToolbar } from '@deal/features/toolbar/components/DealToolbar';

export { DealToolbar };
export { DealToolbar as default };
