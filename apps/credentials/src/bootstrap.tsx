import { mountStandalone } from '@crm-panel/dev-harness';
import { standalone } from '@credentials/standalone/config';

void mountStandalone(standalone);
