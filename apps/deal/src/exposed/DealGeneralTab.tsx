import { DealGeneralTab } from '../features/general/components/DealGeneralTab';

export { DealGeneralTab };
export { DealGeneralTab as default };
