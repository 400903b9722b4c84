import { newId } from './ids';
import {
  type CampaignRecord,
  type ContactRecord,
  type CustomFieldRecord,
  type DealProductRecord,
  type DealRecord,
  type LostReasonRecord,
  type NoteRecord,
  type OrganizationRecord,
  type PipelineRecord,
  type ProductRecord,
  type SegmentRecord,
  type SourceRecord,
  type StageRecord,
  type TaskRecord,
  type UserRecord,
  type WebhookRecord,
} from './records';

/** Insertion-ordered records by id. */
export class Collection<T extends { id: string }> {
  private readonly items = new Map<string, T>();

  constructor(records: readonly T[] = []) {
    for (const record of records) this.items.set(record.id, record);
  }

  all(): T[] {
    return [...this.items.values()];
  }

  get(id: string): T | undefined {
    return this.items.get(id);
  }

  has(id: string): boolean {
    return this.items.has(id);
  }

  insert(record: T): T {
    this.items.set(record.id, record);
    return record;
  }

  delete(id: string): boolean {
    return this.items.delete(id);
  }

  get size(): number {
    return this.items.size;
  }
}

export interface AccountSeed {
  users: UserRecord[];
  sources: SourceRecord[];
  campaigns: CampaignRecord[];
  lostReasons: LostReasonRecord[];
  segments: SegmentRecord[];
  customFields: CustomFieldRecord[];
  products: ProductRecord[];
  organizations: OrganizationRecord[];
  contacts: ContactRecord[];
  pipelines: PipelineRecord[];
  stages: StageRecord[];
  deals: DealRecord[];
  notes: NoteRecord[];
  tasks: TaskRecord[];
  dealProducts: DealProductRecord[];
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Deal product total: price × quantity minus the discount (percentage or amount), never below 0. */
export function dealProductTotal(
  price: number,
  quantity: number,
  discountType: DealProductRecord['discount_type'],
  discount: number,
): number {
  const gross = price * quantity;
  const off = discountType === 'percentage' ? (gross * discount) / 100 : discount;
  return round2(Math.max(0, gross - off));
}

/** One CRM account's data. */
export class AccountStore {
  readonly users: Collection<UserRecord>;
  readonly sources: Collection<SourceRecord>;
  readonly campaigns: Collection<CampaignRecord>;
  readonly lostReasons: Collection<LostReasonRecord>;
  readonly segments: Collection<SegmentRecord>;
  readonly customFields: Collection<CustomFieldRecord>;
  readonly products: Collection<ProductRecord>;
  readonly organizations: Collection<OrganizationRecord>;
  readonly contacts: Collection<ContactRecord>;
  readonly pipelines: Collection<PipelineRecord>;
  readonly stages: Collection<StageRecord>;
  readonly deals: Collection<DealRecord>;
  readonly notes: Collection<NoteRecord>;
  readonly tasks: Collection<TaskRecord>;
  readonly dealProducts: Collection<DealProductRecord>;
  /** Registered through the API only; a new account has none. */
  readonly webhooks = new Collection<WebhookRecord>();

  constructor(
    seed: AccountSeed,
    private readonly clock: () => number,
  ) {
    this.users = new Collection(seed.users);
    this.sources = new Collection(seed.sources);
    this.campaigns = new Collection(seed.campaigns);
    this.lostReasons = new Collection(seed.lostReasons);
    this.segments = new Collection(seed.segments);
    this.customFields = new Collection(seed.customFields);
    this.products = new Collection(seed.products);
    this.organizations = new Collection(seed.organizations);
    this.contacts = new Collection(seed.contacts);
    this.pipelines = new Collection(seed.pipelines);
    this.stages = new Collection(seed.stages);
    this.deals = new Collection(seed.deals);
    this.notes = new Collection(seed.notes);
    this.tasks = new Collection(seed.tasks);
    this.dealProducts = new Collection(seed.dealProducts);
  }

  now(): number {
    return this.clock();
  }

  nowIso(): string {
    return new Date(this.clock()).toISOString();
  }

  newId(): string {
    return newId(this.clock());
  }

  stagesOf(pipelineId: string): StageRecord[] {
    return this.stages
      .all()
      .filter((stage) => stage.pipeline_id === pipelineId)
      .sort((a, b) => a.order - b.order);
  }

  productsOfDeal(dealId: string): DealProductRecord[] {
    return this.dealProducts.all().filter((item) => item.deal_id === dealId);
  }

  /** A deal leaves with its notes, tasks and products (RD's UI deletes them with it). */
  deleteDeal(dealId: string): void {
    for (const item of this.productsOfDeal(dealId)) this.dealProducts.delete(item.id);
    for (const note of this.notes.all()) if (note.deal_id === dealId) this.notes.delete(note.id);
    for (const task of this.tasks.all()) if (task.deal_id === dealId) this.tasks.delete(task.id);
    this.deals.delete(dealId);
  }

  /** Deals forget a deleted contact. */
  deleteContact(contactId: string): void {
    for (const deal of this.deals.all()) {
      if (deal.contact_ids.includes(contactId))
        deal.contact_ids = deal.contact_ids.filter((id) => id !== contactId);
    }
    this.contacts.delete(contactId);
  }

  /** Contacts and deals of a deleted organisation keep no link to it. */
  deleteOrganization(organizationId: string): void {
    for (const contact of this.contacts.all())
      if (contact.organization_id === organizationId) contact.organization_id = null;
    for (const deal of this.deals.all())
      if (deal.organization_id === organizationId) deal.organization_id = null;
    this.organizations.delete(organizationId);
  }

  customFieldsFor(entity: CustomFieldRecord['entity']): CustomFieldRecord[] {
    return this.customFields.all().filter((field) => field.entity === entity);
  }

  /** A deal's prices follow its products: recurring (monthly, annually), one-time and their sum. */
  recomputeDealPrices(deal: DealRecord): void {
    let recurrence = 0;
    let oneTime = 0;
    for (const item of this.productsOfDeal(deal.id)) {
      if (item.billing_frequency === 'one-time') oneTime += item.total_price;
      else recurrence += item.total_price;
    }
    deal.recurrence_price = round2(recurrence);
    deal.one_time_price = round2(oneTime);
    deal.total_price = round2(recurrence + oneTime);
  }
}
