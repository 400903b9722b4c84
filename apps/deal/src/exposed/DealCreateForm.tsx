import { DealCreateForm } from '../features/create/components/DealCreateForm';

export { DealCreateForm };
export { DealCreateForm as default };
