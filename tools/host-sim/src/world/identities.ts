import { type HostRole, type SimIdentity, type SimTenant } from './types';

export const TENANT_ACME = 'tenant-acme';
export const TENANT_BETA = 'tenant-beta';

/**
 * The two companies. Who signs: tenant-acme's platform signs its attendants' identity (the panel
 * gets a host-signed JWT); tenant-beta's signs nothing (the panel relies on the CRM sign-in).
 */
export const TENANTS: Readonly<Record<string, SimTenant>> = {
  [TENANT_ACME]: { systemKey: TENANT_ACME, name: 'Acme Comércio', signsIdentity: true },
  [TENANT_BETA]: { systemKey: TENANT_BETA, name: 'Beta Serviços', signsIdentity: false },
};

function attendant(userId: string, name: string, systemKey: string, role: HostRole): SimIdentity {
  const tenant = TENANTS[systemKey];
  if (!tenant) throw new Error(`Empresa desconhecida: ${systemKey}`);
  return {
    userId,
    name,
    systemKey,
    tenantName: tenant.name,
    role,
    signsIdentity: tenant.signsIdentity,
  };
}

/** Two attendants of tenant-acme and one of tenant-beta. The first is the default. */
export const IDENTITIES: readonly SimIdentity[] = [
  attendant('user-ana', 'Ana Souza', TENANT_ACME, 'admin'),
  attendant('user-bruno', 'Bruno Lima', TENANT_ACME, 'attendant'),
  attendant('user-carla', 'Carla Dias', TENANT_BETA, 'admin'),
];

export function findIdentity(userId: string | undefined): SimIdentity | undefined {
  return IDENTITIES.find((identity) => identity.userId === userId);
}
