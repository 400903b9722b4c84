import { randomUUID } from 'node:crypto';
import {
  AUDIT_CHANNEL_NAME_HEADER,
  AUDIT_CONTACT_NAME_HEADER,
  auditDisplayName,
} from '@crm-panel/crm-model';
import { type FastifyRequest } from 'fastify';
import { ApiError } from '@api/errors';
import { sessionOf } from '@api/identity/authenticate';
import { API_MESSAGES } from '@api/messages';
import { type Services } from '@api/services';
import {
  type ChangeDescriptor,
  deletedFields,
  displayValue,
  fieldChanges,
  type Written,
} from './describeChange';
import { type ChangeActor, type ChangedRecordType, type RecordChange } from './recordChange';
import { type Labeller, labellerFor, type NamedKind } from './recordNames';

/** What a route says about its change; the rest comes from the request and the session. */
export type ChangeInput = Pick<RecordChange, 'record' | 'action' | 'fields' | 'crmUpdatedAt'>;

/**
 * The panel declares what it shows in these headers, all optional: the ids validated as host ids,
 * the names (the attendance's contact, the chat channel) percent-encoded UTF-8.
 */
export const PANEL_CONTEXT_HEADERS = {
  attendance: 'x-attendance-id',
  chat: 'x-chat-id',
  tab: 'x-panel-tab',
  contactName: AUDIT_CONTACT_NAME_HEADER,
  channelName: AUDIT_CHANNEL_NAME_HEADER,
} as const;

/** A header's value, or null when absent or empty. */
export const headerOf = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * A name the panel declared (percent-encoded), decoded and made display-safe: control and format
 * characters out, white space collapsed, cut to 80 characters. A value that does not decode is
 * dropped (null): the history then shows the id, and the write goes on.
 */
export function declaredName(request: FastifyRequest, header: string): string | null {
  const raw = headerOf(request, header);
  if (raw === null) return null;
  try {
    return auditDisplayName(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/**
 * Who wrote, from the session only: verified when a host signed it. The name is the CRM user's as
 * stored with the choice of that user (the session's own record, never a cache that may have let
 * it go), else what this process knows of that user (never a CRM call), else the user id.
 */
async function actorOf(request: FastifyRequest, services: Services): Promise<ChangeActor> {
  const session = sessionOf(request);
  const stored = await services.repos.sessions.get({
    systemKey: session.systemKey,
    userId: session.crmOwner,
  });
  const crmUserId = stored?.crmUser?.userId ?? null;
  const name =
    stored?.crmUser?.name ??
    (crmUserId ? services.crmUsers.knownName(session.systemKey, crmUserId) : null);
  return {
    userId: session.userId,
    verified: session.method === 'assertion',
    name: name ?? session.userId,
    crmUserId,
  };
}

/**
 * How a change's ids are named at write time: what this process already holds (the names of the
 * records it served, the CRM users it knows), never a CRM request. An unknown one stays an id.
 */
export function labellerOf(
  services: Services,
  systemKey: string,
  type: ChangedRecordType,
): Labeller {
  return labellerFor(
    type,
    (kind, id) =>
      services.names.nameOf(systemKey, kind, id) ??
      (kind === 'user' ? services.crmUsers.knownName(systemKey, id) : null),
  );
}

/**
 * Records one write in the audit trail and then publishes it on services.changes, after the CRM or
 * the store accepted the write and before the write is answered: an acknowledged write always has
 * its audit row (a process killed after answering loses none). A store that cannot take the row
 * fails the write's answer (500); a change that cannot be described is logged and dropped.
 */
export async function publishChange(
  request: FastifyRequest,
  services: Services,
  input: ChangeInput,
): Promise<void> {
  let change: RecordChange;
  try {
    const session = sessionOf(request);
    const name = input.record.name ?? rememberedName(services, session.systemKey, input.record);
    const attendanceId = headerOf(request, PANEL_CONTEXT_HEADERS.attendance);
    const chatId = headerOf(request, PANEL_CONTEXT_HEADERS.chat);
    const dealName = dealNameOf(services, session.systemKey, input.record);
    change = {
      id: randomUUID(),
      systemKey: session.systemKey,
      origin: 'panel',
      actor: await actorOf(request, services),
      attendanceId,
      chatId,
      // A name without its id would say where from nothing can confirm: only beside the id.
      contactName: attendanceId ? declaredName(request, PANEL_CONTEXT_HEADERS.contactName) : null,
      channelName: chatId ? declaredName(request, PANEL_CONTEXT_HEADERS.channelName) : null,
      panelTab: headerOf(request, PANEL_CONTEXT_HEADERS.tab),
      ...input,
      record: {
        ...input.record,
        ...(name ? { name } : {}),
        ...(dealName ? { dealName } : {}),
      },
      at: new Date(services.config.now()).toISOString(),
    };
  } catch (error) {
    request.log.error({ err: error }, 'mudança não publicada');
    return;
  }
  try {
    await services.repos.audit.record(change);
  } catch (error) {
    request.log.error({ err: error, change: change.id }, 'registro de auditoria não gravado');
    throw new ApiError(500, API_MESSAGES.auditNotRecorded);
  }
  services.changes.publish(change);
}

/**
 * Whose name a record of each type goes by, in the name memory: its own (a deal, a contact), its
 * deal's (a deal's contact list, keyed by the deal id), or its contact's (a contact's last deal,
 * keyed by the CRM contact id). A contact mapping is keyed by the host's contact: no name known.
 */
const NAMED_TYPES: Partial<Record<ChangedRecordType, NamedKind>> = {
  deal: 'deal',
  dealContacts: 'deal',
  contact: 'contact',
  lastDeal: 'contact',
};

/** The name this process learnt for a record (never a CRM request); null when it learnt none. */
function rememberedName(
  services: Services,
  systemKey: string,
  record: { type: ChangedRecordType; id: string },
): string | null {
  const kind = NAMED_TYPES[record.type];
  return kind ? services.names.nameOf(systemKey, kind, record.id) : null;
}

/**
 * The name of the deal a change belongs to, from what this process holds (never a CRM request):
 * the deal itself when it is the written record, else the names it learnt (the deal's reads and
 * lists) or the deal it last served or wrote. Null when it knows none: the history shows the id.
 */
function dealNameOf(
  services: Services,
  systemKey: string,
  record: ChangeInput['record'],
): string | null {
  const { dealId } = record;
  if (!dealId) return null;
  if (record.type === 'deal' && record.id === dealId && record.name) return record.name;
  const served = services.records.recall(systemKey, 'deal', dealId)?.name;
  const name =
    services.names.nameOf(systemKey, 'deal', dealId) ??
    (typeof served === 'string' ? served : null);
  return name ? displayValue(name) : null;
}

/**
 * The written record's name for the audit list ('Negociação Implantação CRM'), from what this
 * process holds, never a CRM request: the CRM's answer to the write, else the payload's (a rename),
 * else the version it last served or wrote (a deletion); publishChange then falls back on the
 * names it learnt from lists. Null when none says one (a note has none).
 */
function recordNameOf(
  written: Written,
  before: Record<string, unknown> | null,
  label: Labeller,
): string | null {
  for (const source of [written.record, written.payload, before]) {
    const name = source?.name;
    // Cut like every value an entry shows (a name is text a person typed, of any length).
    if (typeof name === 'string' && name.trim() !== '') return displayValue(name);
  }
  // A deal product has no name of its own: it goes by its product's ('Consultoria premium').
  for (const source of [written.record, written.payload, before]) {
    const productId = source?.product_id;
    const name =
      productId === undefined || productId === null ? null : label('product_id', productId);
    if (name) return displayValue(name);
  }
  return null;
}

/**
 * A write route's change, as its descriptor says: fields from the payload against the version
 * this process last knew (services.records), which then becomes the written one.
 */
export async function publishWrite(
  request: FastifyRequest,
  services: Services,
  descriptor: ChangeDescriptor,
  written: Written,
): Promise<void> {
  const { systemKey } = sessionOf(request);
  const { type, action } = descriptor;
  const id = descriptor.id(written);
  if (!id) {
    request.log.warn({ type }, 'mudança sem id do registro; não publicada');
    return;
  }
  const before = action === 'created' ? null : services.records.recall(systemKey, type, id);
  const label = labellerOf(services, systemKey, type);
  const fields =
    action === 'deleted'
      ? deletedFields(before, label)
      : fieldChanges(written.payload, before, descriptor.omit, label);
  // A deal or contact written is named by what the CRM answered (e.g. a later last-deal choice).
  if ((type === 'deal' || type === 'contact') && written.record)
    services.names.learn(systemKey, type, [written.record]);
  if (action === 'deleted') services.records.forget(systemKey, type, id);
  else
    services.records.remember(
      systemKey,
      type,
      id,
      written.record ?? { ...before, ...written.payload },
    );
  await publishChange(request, services, {
    record: {
      type: descriptor.publishedAs?.(written) ?? type,
      id,
      name: recordNameOf(written, before, label),
      dealId: descriptor.dealId?.(written) ?? null,
      contactId: descriptor.contactId?.(written) ?? null,
    },
    action,
    fields,
    crmUpdatedAt: typeof written.record?.updated_at === 'string' ? written.record.updated_at : null,
  });
}
