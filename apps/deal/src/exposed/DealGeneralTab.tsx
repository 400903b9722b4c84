import { DealGeneralTab } from '@deal/features/general/components/DealGeneralTab';

export { DealGeneralTab };
export { DealGeneralTab as default };
