import {
  portsWithOffset,
  startStack,
  type ServiceName,
  type Stack,
} from '../../../../tools/scripts/stack';

/** Journeys run on ports shifted by 1000, so a running `npm start` is never in the way. */
export const E2E_PORTS = portsWithOffset(1000);

export function startE2eStack(services?: ServiceName[]): Promise<Stack> {
  return startStack({ ports: E2E_PORTS, quiet: true, services });
}

export type { Stack, ServiceName };
