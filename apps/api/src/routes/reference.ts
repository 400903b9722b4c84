import {
  campaignRecord,
  customFieldRecord,
  lostReasonRecord,
  organizationRecord,
  productRecord,
  sourceRecord,
  userRecord,
} from '@crm-panel/crm-model/schemas';
import { type TSchema } from '@sinclair/typebox';
import { type FastifyInstance } from 'fastify';
import { type CrmListResource } from '@api/crm/crmQuery';
import { type ListMode } from '@api/crm/lists';
import { type NamedKind } from '@api/changes/recordNames';
import { type Services } from '@api/services';
import { crmPath, registerGetRoute, registerListRoute } from './proxy';

interface ReferenceResource {
  /** Our path segment. */
  path: string;
  /** The CRM v2 collection. */
  crm: string;
  resource: CrmListResource;
  /** The CRM record it answers. */
  record: TSchema;
  /** Organizations and products are scrolled in the panel; the rest is read once. */
  mode: ListMode;
  label: string;
  /** Only lists (PRODUCT.md §7 names no single-record read). */
  listOnly?: boolean;
  cached: boolean;
  /** The names its records are kept under (an audit entry's names for ids), if any. */
  names?: NamedKind;
}

// Users, sources, campaigns, custom fields and lost reasons are account settings that change
// rarely: cached per tenant. Organizations and products are business records: always fresh.
const RESOURCES: ReferenceResource[] = [
  {
    path: 'organizations',
    record: organizationRecord,
    names: 'organization',
    crm: 'organizations',
    resource: 'organizations',
    mode: 'scroll',
    label: 'empresas',
    cached: false,
  },
  {
    path: 'users',
    record: userRecord,
    names: 'user',
    crm: 'users',
    resource: 'users',
    mode: 'whole',
    label: 'usuários',
    cached: true,
  },
  {
    path: 'sources',
    record: sourceRecord,
    names: 'source',
    crm: 'sources',
    resource: 'sources',
    mode: 'whole',
    label: 'fontes',
    cached: true,
  },
  {
    path: 'campaigns',
    record: campaignRecord,
    names: 'campaign',
    crm: 'campaigns',
    resource: 'campaigns',
    mode: 'whole',
    label: 'campanhas',
    cached: true,
  },
  {
    path: 'custom-fields',
    record: customFieldRecord,
    crm: 'custom_fields',
    resource: 'customFields',
    mode: 'whole',
    label: 'campos personalizados',
    cached: true,
    listOnly: true,
  },
  {
    path: 'lost-reasons',
    record: lostReasonRecord,
    names: 'lostReason',
    crm: 'lost_reasons',
    resource: 'lostReasons',
    mode: 'whole',
    label: 'motivos de perda',
    cached: true,
    listOnly: true,
  },
  {
    path: 'products',
    record: productRecord,
    names: 'product',
    crm: 'products',
    resource: 'products',
    mode: 'scroll',
    label: 'produtos',
    cached: false,
  },
];

export function registerReferenceRoutes(app: FastifyInstance, services: Services): void {
  for (const resource of RESOURCES) {
    registerListRoute(app, services, {
      url: `/api/rdstation/${resource.path}`,
      crmPath: () => `/${resource.crm}`,
      resource: resource.resource,
      record: resource.record,
      mode: resource.mode,
      cached: resource.cached,
      names: resource.names,
      tag: 'referência',
      summary: `Lista ${resource.label} do CRM`,
    });
    if (!resource.listOnly) {
      registerGetRoute(app, services, {
        url: `/api/rdstation/${resource.path}/:id`,
        params: ['id'],
        record: resource.record,
        crmPath: ({ id = '' }) => `/${resource.crm}${crmPath`/${id}`}`,
        cached: resource.cached,
        names: resource.names,
        tag: 'referência',
        summary: `Um registro de ${resource.label}`,
      });
    }
  }
}
