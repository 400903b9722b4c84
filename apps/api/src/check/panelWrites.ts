import { randomBytes } from 'node:crypto';
import {
  BILLING_FREQUENCIES,
  DISCOUNT_TYPES,
  NEW_CONTACT_EMAIL_TYPE,
  NEW_CONTACT_PHONE_TYPE,
  TASK_CREATE_STATUS,
  TASK_TYPES,
} from '@crm-panel/crm-model';
import { isRecord } from '@api/http';
import { recordsOf } from './panelReads';

// The writes `crm:check --writes` makes, each through this api's own route with the body the
// panel builds for it (libs/api-client, the remotes' forms), so that what reaches the CRM is what
// the product sends. They cover every shape of writeShapes.ts; the check matches what went out
// against that list. Everything is created for the check (contacts, deals) and named
// `[crm:check] …`; nothing the account had before is changed.

export type PanelMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call of the panel to this api, as a signed-in admin of the check's tenant. */
export type PanelCall = (
  method: PanelMethod,
  url: string,
  body?: unknown,
) => Promise<{ status: number; json: unknown; text: string }>;

export interface PanelWritesResult {
  /** What stays in the account: RD's v2 documents no delete for contacts, deals, notes, tasks. */
  leftovers: string[];
  /** Why a write was not sent (the account lacks what it needs). */
  notSent: string[];
}

const q = encodeURIComponent;
const idOf = (record: Record<string, unknown> | undefined): string | undefined =>
  typeof record?.id === 'string' && record.id !== '' ? record.id : undefined;

/** A date-time a day ahead at noon, as the task form writes the chosen day. */
function tomorrowAtNoon(now: number): string {
  const day = new Date(now + 24 * 3600_000);
  day.setHours(12, 0, 0, 0);
  return day.toISOString();
}

/** A value for each of the deal's custom fields, as the creation form writes its type. */
function customFieldValues(definitions: Record<string, unknown>[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of definitions) {
    const slug = typeof definition.slug === 'string' ? definition.slug : null;
    if (!slug) continue;
    const options = Array.isArray(definition.options)
      ? definition.options.filter((option): option is string => typeof option === 'string')
      : [];
    switch (definition.type) {
      case 'date':
        values[slug] = new Date().toISOString().slice(0, 10);
        break;
      case 'option':
        if (options[0]) values[slug] = options[0];
        break;
      case 'multiple_choice':
        if (options[0]) values[slug] = [options[0]];
        break;
      default:
        values[slug] = 'crm:check';
    }
  }
  return values;
}

export async function sendPanelWrites(
  call: PanelCall,
  me: string,
  now: () => number = Date.now,
): Promise<PanelWritesResult> {
  const leftovers: string[] = [];
  const notSent: string[] = [];
  const label = `[crm:check] ${new Date(now()).toISOString()}`;
  const tag = randomBytes(4).toString('hex');

  const list = async (url: string) => recordsOf('list', (await call('GET', url)).json);
  /** The record a write answered (`{ data: { data: record } }`), when the CRM took it. */
  const write = async (method: PanelMethod, url: string, body?: unknown) => {
    const result = await call(method, url, body);
    if (result.status < 200 || result.status >= 300) return undefined;
    return recordsOf('record', result.json)[0];
  };

  // What the forms offer, read as the panel reads it.
  const [pipelines, sources, campaigns, lostReasons, definitions, organizations, products] =
    await Promise.all([
      list('/api/rdstation/pipelines?limit=200'),
      list('/api/rdstation/sources?limit=200'),
      list('/api/rdstation/campaigns?limit=200'),
      list('/api/rdstation/lost-reasons?limit=200&page=1&order=name&direction=asc'),
      list(`/api/rdstation/custom-fields?filter=${q('entity:"deal"')}&limit=200`),
      list('/api/rdstation/organizations?limit=200&page=1&order=name'),
      list('/api/rdstation/products?limit=200&page=1'),
    ]);
  const stagesOf = async (pipelineId: string) =>
    (await list(`/api/rdstation/pipelines/${q(pipelineId)}/stages?limit=200`))
      .map(idOf)
      .filter((id): id is string => id !== undefined);
  const firstPipeline = idOf(pipelines[0]);
  if (!firstPipeline) {
    notSent.push('a conta não tem funil de vendas: nenhuma negociação foi criada');
  }
  const firstStages = firstPipeline ? await stagesOf(firstPipeline) : [];
  // A change of pipeline goes to another pipeline when the account has one.
  const otherPipeline = idOf(pipelines[1]) ?? firstPipeline;
  const otherStages =
    otherPipeline && otherPipeline !== firstPipeline ? await stagesOf(otherPipeline) : firstStages;
  const organizationId = idOf(organizations[0]);
  const sourceId = idOf(sources[0]);
  const campaignId = idOf(campaigns[0]);
  const lostReasonId = idOf(lostReasons[0]);
  const productId = idOf(products[0]);
  const customFields = customFieldValues(definitions);
  const hasCustomFields = Object.keys(customFields).length > 0;
  const lacking = (what: string, missing: boolean) => {
    if (missing) notSent.push(what);
    return missing;
  };

  // ---- contacts: the linking screen's new-contact form, then the edit form ------------------
  const phone = () => `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const email = `crm-check+${tag}@example.com`;
  const fullContact = {
    name: `${label} contato completo`,
    emails: [{ email, type: NEW_CONTACT_EMAIL_TYPE }],
    phones: [{ phone: phone(), type: NEW_CONTACT_PHONE_TYPE }],
    job_title: 'Verificação do painel',
  };
  const linked = async (contact: Record<string, unknown>, host: string) => {
    const result = await call('POST', '/api/rdstation/contacts/with-mapping', {
      contact,
      contactId: `crm-check-${tag}-${host}`,
    });
    const data = isRecord(result.json) && isRecord(result.json.data) ? result.json.data : {};
    const created = isRecord(data.contact) ? data.contact : undefined;
    const id = idOf(created);
    if (id) leftovers.push(`contato ${id} '${String(created?.name)}'`);
    return id;
  };
  const plainContact = await linked({ name: `${label} contato` }, 'nome');
  const chatContact = await linked(
    {
      name: `${label} contato do chat`,
      phones: [{ phone: phone(), type: NEW_CONTACT_PHONE_TYPE }],
    },
    'chat',
  );
  const formContact = await linked(fullContact, 'formulario');
  if (!lacking('contato com empresa: a conta não tem empresa', !organizationId)) {
    const created = await write('POST', '/api/rdstation/contacts', {
      ...fullContact,
      name: `${label} contato com empresa`,
      emails: [{ email: `crm-check+${tag}-empresa@example.com`, type: NEW_CONTACT_EMAIL_TYPE }],
      organization_id: organizationId,
    });
    const id = idOf(created);
    if (id) leftovers.push(`contato ${id} '${String(created?.name)}'`);
  }
  if (plainContact) {
    const contactPath = `/api/rdstation/contacts/${q(plainContact)}`;
    const name = `${label} contato (editado)`;
    await call('PUT', contactPath, { name });
    if (!lacking('edição de contato com empresa: a conta não tem empresa', !organizationId)) {
      await call('PUT', contactPath, { name, organization_id: organizationId });
      await call('PUT', contactPath, {
        ...fullContact,
        name,
        emails: [{ email: `crm-check+${tag}-editado@example.com`, type: NEW_CONTACT_EMAIL_TYPE }],
        organization_id: organizationId,
      });
    }
  }

  // ---- deals: the creation form, then the general tab's in-place edits ----------------------
  const firstStage = firstStages[0];
  if (!firstPipeline || !firstStage) {
    if (firstPipeline) notSent.push('o primeiro funil não tem etapa: nenhuma negociação criada');
    return { leftovers, notSent };
  }
  const required = (suffix: string) => ({
    name: `${label} negociação ${suffix} (pode apagar)`,
    pipeline_id: firstPipeline,
    stage_id: firstStage,
    owner_id: me,
  });
  const createDeal = async (body: Record<string, unknown>) => {
    const created = await write('POST', '/api/rdstation/deals', body);
    const id = idOf(created);
    if (id) leftovers.push(`negociação ${id} '${String(created?.name)}'`);
    return id;
  };
  const dealA = await createDeal(required('A'));
  const dealB = chatContact
    ? await createDeal({ ...required('B'), contact_ids: [chatContact] })
    : undefined;
  let dealC: string | undefined;
  const missingForFull = [
    !organizationId && 'empresa',
    !sourceId && 'fonte',
    !campaignId && 'campanha',
    !hasCustomFields && 'campo personalizado de negociação',
    !formContact && 'contato criado',
  ].filter((item): item is string => typeof item === 'string');
  if (
    !lacking(
      `negociação com todos os campos: a conta não tem ${missingForFull.join(', ')}`,
      missingForFull.length > 0,
    )
  )
    dealC = await createDeal({
      ...required('C'),
      organization_id: organizationId,
      rating: 3,
      source_id: sourceId,
      campaign_id: campaignId,
      custom_fields: customFields,
      contact_ids: [formContact],
    });

  if (dealA) {
    const dealPath = `/api/rdstation/deals/${q(dealA)}`;
    await call('PUT', dealPath, { owner_id: me });
    await call('PUT', dealPath, { rating: 4 });
    if (!lacking('fonte da negociação: a conta não tem fonte', !sourceId))
      await call('PUT', dealPath, { source_id: sourceId });
    // The panel's move names the new pipeline's first stage (RD documents no null stage).
    const movedTo = otherStages[0];
    if (otherPipeline && !lacking('mudança de funil: o funil não tem etapa', !movedTo)) {
      await call('PUT', dealPath, { pipeline_id: otherPipeline, stage_id: movedTo });
      const stage = otherStages.find((id) => id !== movedTo) ?? movedTo;
      await call('PUT', dealPath, { stage_id: stage });
    }
    // A contact added, then one taken off: the list keeps at least one (RD documents no `[]`).
    if (plainContact) {
      const both = chatContact ? [plainContact, chatContact] : [plainContact];
      await call('PUT', dealPath, { contact_ids: both });
      if (chatContact) await call('PUT', dealPath, { contact_ids: [chatContact] });
    }
    if (
      !lacking(
        'nome, empresa, campanha e campos personalizados da negociação: faltam na conta',
        !organizationId || !campaignId || !hasCustomFields,
      )
    )
      await call('PUT', dealPath, {
        name: `${label} negociação A (editada, pode apagar)`,
        organization_id: organizationId,
        campaign_id: campaignId,
        custom_fields: customFields,
      });

    // ---- a note, a task of each type (created, edited, completed), products -----------------
    const note = await write('POST', `${dealPath}/notes`, {
      description: `Nota de verificação do crm:check (${label}).`,
      user_id: me,
    });
    if (idOf(note)) leftovers.push(`nota ${idOf(note)} na negociação ${dealA}`);
    for (const type of TASK_TYPES) {
      const form = {
        name: `${label} tarefa ${type}`,
        description: 'Tarefa de verificação do crm:check.',
        type,
        due_date: tomorrowAtNoon(now()),
        owner_ids: [me],
      };
      const task = await write('POST', '/api/rdstation/tasks', {
        ...form,
        status: TASK_CREATE_STATUS,
        deal_id: dealA,
        created_by_id: me,
      });
      const taskId = idOf(task);
      if (!taskId) continue;
      const taskPath = `/api/rdstation/tasks/${q(taskId)}`;
      // The edit form reads the task first (once: the read's shape is the same for every type).
      if (type === TASK_TYPES[0]) await call('GET', taskPath);
      await call('PUT', taskPath, { ...form, name: `${form.name} (editada)` });
      const done = await call('PUT', taskPath, { status: 'completed', completed_by_id: me });
      leftovers.push(
        `tarefa ${taskId} (${type}) na negociação ${dealA}${done.status === 200 ? ', concluída' : ''}`,
      );
    }
    if (!lacking('produtos da negociação: o catálogo está vazio', !productId)) {
      const items: { id: string; body: Record<string, unknown> }[] = [];
      const add = async (body: Record<string, unknown>) => {
        const item = idOf(await write('POST', `${dealPath}/products`, body));
        if (item) items.push({ id: item, body });
      };
      const base = { product_id: productId, price: 10, quantity: 1 };
      for (const frequency of BILLING_FREQUENCIES)
        await add({ ...base, billing_frequency: frequency });
      for (const type of DISCOUNT_TYPES)
        await add({
          ...base,
          billing_frequency: 'one-time',
          discount_type: type,
          discount: type === 'percentage' ? 10 : 1,
        });
      for (const { id, body } of items) {
        const itemPath = `${dealPath}/products/${q(id)}`;
        await call('PUT', itemPath, {
          ...body,
          price: 12,
          quantity: 2,
          ...(typeof body.discount === 'number' ? { discount: body.discount + 1 } : {}),
        });
        // Taking a discount off sends `discount: 0` without its type (the product form's rule).
        if (body.discount_type === 'amount')
          await call('PUT', itemPath, {
            product_id: productId,
            price: 12,
            quantity: 2,
            billing_frequency: 'one-time',
            discount: 0,
          });
      }
      for (const { id } of items) {
        const removed = await call('DELETE', `${dealPath}/products/${q(id)}`);
        if (removed.status !== 200) leftovers.push(`produto ${id} na negociação ${dealA}`);
      }
    }
  }

  // ---- the deals' status last: won, and lost with its reason ------------------------------
  const wonDeal = dealB ?? dealA;
  if (wonDeal) await call('PUT', `/api/rdstation/deals/${q(wonDeal)}`, { status: 'won' });
  const lostDeal = dealC ?? dealA;
  if (lostDeal && !lacking('venda perdida: a conta não tem motivo de perda', !lostReasonId))
    await call('PUT', `/api/rdstation/deals/${q(lostDeal)}`, {
      status: 'lost',
      lost_reason_id: lostReasonId,
    });
  return { leftovers, notSent };
}
