// The wire contract route by route: for each call the panel makes, the body it sends and the
// answer it gets, as the schemas above. The api declares exactly these on its routes (a test
// compares them), the mock api checks its bodies and answers with them, so the two cannot drift.
import { type TSchema } from '@sinclair/typebox';
import {
  auditPageAnswer,
  auditPeopleAnswer,
  authStartAnswer,
  authStatusAnswer,
  tabSignInRedeemedAnswer,
  tabSignInStartAnswer,
  chatMessagesAnswer,
  contactMappingAnswer,
  credentialsRemovedAnswer,
  credentialsSavedAnswer,
  credentialsStatusAnswer,
  crmUserChosenAnswer,
  crmUsersAnswer,
  lastDealAnswer,
  profileAnswer,
  sessionAnswer,
  successAnswer,
  termsAnswer,
} from './answers';
import {
  contactCreateBody,
  contactMappingBody,
  contactUpdateBody,
  contactWithMappingBody,
  credentialsBody,
  credentialsRemovalBody,
  crmUserChoiceBody,
  dealCreateBody,
  dealProductCreateBody,
  dealProductUpdateBody,
  dealUpdateBody,
  lastDealBody,
  noteCreateBody,
  taskCreateBody,
  taskUpdateBody,
} from './payloads';
import {
  campaignRecord,
  contactRecord,
  contactWithMappingAnswer,
  crmDeletedAnswer,
  crmPageOf,
  crmRecordOf,
  customFieldRecord,
  dealProductRecord,
  dealRecord,
  lostReasonRecord,
  noteRecord,
  organizationRecord,
  pipelineRecord,
  productRecord,
  sourceRecord,
  stageRecord,
  taskRecord,
  userRecord,
} from './records';
import {
  apiV1TokenBody,
  emptyBody,
  sessionBody,
  tabSignInRedeemBody,
  tabSignInStartBody,
} from './requests';

/** One call: the body schema (none for a read) and the schema of its success answer. */
export interface WireRoute {
  body?: TSchema;
  reply: TSchema;
}

/** `{ reply }` of a CRM record read one at a time, listed, written. */
const page = (record: TSchema): WireRoute => ({ reply: crmPageOf(record) });
const one = (record: TSchema): WireRoute => ({ reply: crmRecordOf(record) });
const write = (body: TSchema, record: TSchema): WireRoute => ({ body, reply: crmRecordOf(record) });

/** Keyed `'<method> <path>'`, the path as the api registers it (`:id` for parameters). */
export const WIRE_ROUTES: Readonly<Record<string, WireRoute>> = {
  'post /api/session': { body: sessionBody, reply: sessionAnswer },
  'post /api/session/renew': { body: sessionBody, reply: sessionAnswer },

  'get /api/rdstation/terms/status': { reply: termsAnswer },
  'post /api/rdstation/terms/accept': { body: emptyBody, reply: termsAnswer },
  'get /api/rdstation/credentials/status': { reply: credentialsStatusAnswer },
  'post /api/rdstation/credentials': { body: credentialsBody, reply: credentialsSavedAnswer },
  'delete /api/rdstation/credentials': {
    body: credentialsRemovalBody,
    reply: credentialsRemovedAnswer,
  },
  'get /api/rdstation/auth/start': { reply: authStartAnswer },
  'get /api/rdstation/auth/status': { reply: authStatusAnswer },
  'post /api/rdstation/auth/tab/start': { body: tabSignInStartBody, reply: tabSignInStartAnswer },
  'post /api/rdstation/auth/tab/redeem': {
    body: tabSignInRedeemBody,
    reply: tabSignInRedeemedAnswer,
  },
  'post /api/rdstation/auth/revoke': { body: emptyBody, reply: successAnswer },
  'post /api/rdstation/auth/v1-token': { body: apiV1TokenBody, reply: authStatusAnswer },
  'get /api/rdstation/auth/crm-users': { reply: crmUsersAnswer },
  'post /api/rdstation/auth/crm-user': { body: crmUserChoiceBody, reply: crmUserChosenAnswer },
  'get /api/rdstation/user/profile': { reply: profileAnswer },

  'get /api/rdstation/contact-mapping/:id': { reply: contactMappingAnswer },
  'post /api/rdstation/contact-mapping': { body: contactMappingBody, reply: contactMappingAnswer },
  'get /api/rdstation/contact/:id/last-deal': { reply: lastDealAnswer },
  'post /api/rdstation/contact/:id/last-deal': { body: lastDealBody, reply: lastDealAnswer },
  'post /api/rdstation/contacts/with-mapping': {
    body: contactWithMappingBody,
    reply: contactWithMappingAnswer,
  },
  'get /api/chat/:id/messages': { reply: chatMessagesAnswer },
  'get /api/audit': { reply: auditPageAnswer },
  'get /api/audit/people': { reply: auditPeopleAnswer },

  'get /api/rdstation/contacts': page(contactRecord),
  'post /api/rdstation/contacts': write(contactCreateBody, contactRecord),
  'get /api/rdstation/contacts/:id': one(contactRecord),
  'put /api/rdstation/contacts/:id': write(contactUpdateBody, contactRecord),
  'get /api/rdstation/deals': page(dealRecord),
  'post /api/rdstation/deals': write(dealCreateBody, dealRecord),
  'get /api/rdstation/deals/:id': one(dealRecord),
  'put /api/rdstation/deals/:id': write(dealUpdateBody, dealRecord),
  'get /api/rdstation/deals/:id/notes': page(noteRecord),
  'post /api/rdstation/deals/:id/notes': write(noteCreateBody, noteRecord),
  'get /api/rdstation/deals/:id/products': page(dealProductRecord),
  'post /api/rdstation/deals/:id/products': write(dealProductCreateBody, dealProductRecord),
  'put /api/rdstation/deals/:id/products/:productId': write(
    dealProductUpdateBody,
    dealProductRecord,
  ),
  'delete /api/rdstation/deals/:id/products/:productId': { reply: crmDeletedAnswer },
  'get /api/rdstation/tasks': page(taskRecord),
  'post /api/rdstation/tasks': write(taskCreateBody, taskRecord),
  'get /api/rdstation/tasks/:id': one(taskRecord),
  'put /api/rdstation/tasks/:id': write(taskUpdateBody, taskRecord),
  'get /api/rdstation/pipelines': page(pipelineRecord),
  'get /api/rdstation/pipelines/:id': one(pipelineRecord),
  'get /api/rdstation/pipelines/:id/stages': page(stageRecord),
  'get /api/rdstation/pipelines/:pipelineId/stages/:stageId': one(stageRecord),
  'get /api/rdstation/organizations': page(organizationRecord),
  'get /api/rdstation/organizations/:id': one(organizationRecord),
  'get /api/rdstation/users': page(userRecord),
  'get /api/rdstation/users/:id': one(userRecord),
  'get /api/rdstation/sources': page(sourceRecord),
  'get /api/rdstation/sources/:id': one(sourceRecord),
  'get /api/rdstation/campaigns': page(campaignRecord),
  'get /api/rdstation/campaigns/:id': one(campaignRecord),
  'get /api/rdstation/custom-fields': page(customFieldRecord),
  'get /api/rdstation/lost-reasons': page(lostReasonRecord),
  'get /api/rdstation/products': page(productRecord),
  'get /api/rdstation/products/:id': one(productRecord),
};
