import { mountStandalone } from '@crm-panel/dev-harness';
import { standalone } from '@notes/standalone/config';

void mountStandalone(standalone);
