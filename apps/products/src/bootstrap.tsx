import { mountStandalone } from '@crm-panel/dev-harness';
import { standalone } from '@products/standalone/config';

void mountStandalone(standalone);
