import { mountStandalone } from '@crm-panel/dev-harness';
import { standalone } from '@deal/standalone/config';

void mountStandalone(standalone);
