import { mountStandalone } from '@crm-panel/dev-harness';
import { standalone } from '@contacts/standalone/config';

void mountStandalone(standalone);
