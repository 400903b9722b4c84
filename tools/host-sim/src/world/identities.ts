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

function attendant(
  userId: string,
  name: string,
  systemKey: string,
  role: HostRole,
  email: string | null = null,
): SimIdentity {
  const tenant = TENANTS[systemKey];
  if (!tenant) throw new Error(`Empresa desconhecida: ${systemKey}`);
  return {
    userId,
    name,
    systemKey,
    tenantName: tenant.name,
    role,
    email,
    signsIdentity: tenant.signsIdentity,
  };
}

/**
 * Two attendants of tenant-acme and one of tenant-beta. The first is the default. Ana's and Bruno's
 * e-mails are their CRM users' in crm-sandbox (WELL_KNOWN.account1): the api needs no picker for them.
 */
export const IDENTITIES: readonly SimIdentity[] = [
  attendant('user-ana', 'Ana Souza', TENANT_ACME, 'admin', 'ana.ferreira@acmesolucoes.com.br'),
  attendant(
    'user-bruno',
    'Bruno Lima',
    TENANT_ACME,
    'attendant',
    'bruno.carvalho@acmesolucoes.com.br',
  ),
  attendant('user-carla', 'Carla Dias', TENANT_BETA, 'admin'),
];

export function findIdentity(userId: string | undefined): SimIdentity | undefined {
  return IDENTITIES.find((identity) => identity.userId === userId);
}
