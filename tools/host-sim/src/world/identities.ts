import { type SimIdentity } from './types';

export const TENANT_ACME = 'tenant-acme';
export const TENANT_BETA = 'tenant-beta';

/** Two attendants of tenant-acme and one of tenant-beta. The first is the default. */
export const IDENTITIES: readonly SimIdentity[] = [
  { userId: 'user-ana', name: 'Ana Souza', systemKey: TENANT_ACME, tenantName: 'Acme Comércio' },
  { userId: 'user-bruno', name: 'Bruno Lima', systemKey: TENANT_ACME, tenantName: 'Acme Comércio' },
  { userId: 'user-carla', name: 'Carla Dias', systemKey: TENANT_BETA, tenantName: 'Beta Serviços' },
];

export function findIdentity(userId: string | undefined): SimIdentity | undefined {
  return IDENTITIES.find((identity) => identity.userId === userId);
}
