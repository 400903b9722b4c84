import { mountStandalone } from '@crm-panel/dev-harness';
import { standalone } from '@tasks/standalone/config';

void mountStandalone(standalone);
