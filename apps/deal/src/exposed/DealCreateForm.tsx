import { DealCreateForm } from '@deal/features/create/components/DealCreateForm';

export { DealCreateForm };
export { DealCreateForm as default };
