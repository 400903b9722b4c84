import { seedId, type IdKind } from '@crm-sandbox/store/ids';
import {
  type BillingFrequency,
  type ContactRecord,
  type DealProductRecord,
  type DiscountType,
  type PhoneType,
} from '@crm-sandbox/store/records';
import { createPrng, type Prng } from '@crm-sandbox/util/prng';
import { asciiSlug, digitsOnly } from '@crm-sandbox/util/text';
import { DAY_MS, isoDate, isoDateTime } from '@crm-sandbox/util/time';
import { dealProductTotal } from '@crm-sandbox/store/AccountStore';
import { CITIES, EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from './vocabulary';

/** Shared helpers of the account generators: ids, relative dates, pt-BR names and phones. */
export class SeedContext {
  readonly prng: Prng;
  /** Midnight UTC of the day the sandbox seeded: dates are relative to it so demos look current. */
  readonly today: number;
  private readonly counters = new Map<IdKind, number>();
  private readonly usedNames = new Set<string>();
  private readonly reservedDigits: string[];

  constructor(
    readonly account: number,
    seed: number,
    private readonly nowMs: number,
    reservedPhones: readonly string[],
  ) {
    this.prng = createPrng(seed);
    this.today = Math.floor(nowMs / DAY_MS) * DAY_MS;
    this.reservedDigits = reservedPhones.map((phone) => digitsOnly(phone).slice(-8));
  }

  /** Next seeded id of a kind; `startAt` reserves the ordinals below it for well-known records. */
  id(kind: IdKind, startAt = 1): string {
    const next = Math.max(this.counters.get(kind) ?? startAt, startAt);
    this.counters.set(kind, next + 1);
    return seedId(this.account, kind, next);
  }

  /** Past instants never pass the seeding moment, whatever the time of day it runs. */
  private past(ms: number): number {
    return Math.min(ms, this.nowMs - 60_000);
  }

  /** ISO date-time `days` before today, at `hours` UTC (capped at a minute ago). */
  ago(days: number, hours = 0): string {
    return isoDateTime(this.past(this.today - days * DAY_MS + hours * 3_600_000));
  }

  /** ISO date-time `days` after today, at `hour` UTC. */
  ahead(days: number, hour = 15): string {
    return isoDateTime(this.today + days * DAY_MS + hour * 3_600_000);
  }

  dateAhead(days: number): string {
    return isoDate(this.today + days * DAY_MS);
  }

  /** Random past instant between `fromIso` and `toMs` (default: now). */
  between(fromIso: string, toMs = this.nowMs): string {
    const from = Date.parse(fromIso);
    const to = Math.max(from, this.past(toMs));
    return isoDateTime(from + Math.floor(this.prng.next() * (to - from)));
  }

  reserveName(name: string): void {
    this.usedNames.add(name);
  }

  personName(): string {
    for (;;) {
      const first = this.prng.pick(FIRST_NAMES);
      const last = this.prng.pick(LAST_NAMES);
      const name = this.prng.chance(0.25)
        ? `${first} ${this.prng.pick(LAST_NAMES)} ${last}`
        : `${first} ${last}`;
      if (!this.usedNames.has(name)) {
        this.usedNames.add(name);
        return name;
      }
    }
  }

  private subscriber(): string {
    for (;;) {
      const digits = `${this.prng.int(6, 9)}${String(this.prng.int(0, 9_999_999)).padStart(7, '0')}`;
      if (!this.reservedDigits.some((reserved) => reserved === digits)) return digits;
    }
  }

  /**
   * Brazilian mobile, mostly E.164 (+5511987654321); some stored the way people type them:
   * without +55, without the ninth digit, or formatted.
   */
  mobile(ddd: number): string {
    const sub = this.subscriber();
    const roll = this.prng.next();
    if (roll < 0.7) return `+55${ddd}9${sub}`;
    if (roll < 0.85) return `${ddd}9${sub}`;
    if (roll < 0.95) return `+55${ddd}${sub}`;
    return `(${ddd}) 9${sub.slice(0, 4)}-${sub.slice(4)}`;
  }

  landline(ddd: number): string {
    return `+55${ddd}3${String(this.prng.int(0, 9_999_999)).padStart(7, '0')}`;
  }

  city() {
    return this.prng.pick(CITIES);
  }

  emailFor(name: string, corporateDomain: string | null): string {
    const parts = asciiSlug(name).split('.');
    const local = `${parts[0]}.${parts[parts.length - 1]}`;
    return corporateDomain && this.prng.chance(0.6)
      ? `${local}@${corporateDomain}`
      : `${local}${this.prng.chance(0.3) ? this.prng.int(1, 99) : ''}@${this.prng.pick(EMAIL_DOMAINS)}`;
  }

  contactPhones(ddd: number): ContactRecord['phones'] {
    const phones: { phone: string; type: PhoneType }[] = [
      { phone: this.mobile(ddd), type: 'mobile' },
    ];
    if (this.prng.chance(0.3)) phones.push({ phone: this.landline(ddd), type: 'work' });
    return phones;
  }

  birthday(): string | null {
    if (!this.prng.chance(0.4)) return null;
    const month = String(this.prng.int(1, 12)).padStart(2, '0');
    const day = String(this.prng.int(1, 28)).padStart(2, '0');
    // RD accepts 0000-MM-DD when the year is unknown.
    return this.prng.chance(0.3)
      ? `0000-${month}-${day}`
      : `${this.prng.int(1965, 2000)}-${month}-${day}`;
  }

  dealProduct(
    dealId: string,
    productId: string,
    listPrice: number,
    createdAt: string,
    options: Partial<{
      price: number;
      quantity: number;
      discountType: DiscountType;
      discount: number;
      billing: BillingFrequency;
      id: string;
    }> = {},
  ): DealProductRecord {
    const price =
      options.price ?? Math.round(listPrice * (0.85 + this.prng.next() * 0.15) * 100) / 100;
    const quantity = options.quantity ?? this.prng.int(1, 10);
    const discountType = options.discountType ?? (this.prng.chance(0.5) ? 'percentage' : 'amount');
    const discount =
      options.discount ??
      (this.prng.chance(0.5)
        ? 0
        : discountType === 'percentage'
          ? this.prng.int(5, 20)
          : this.prng.int(5, 50) * 10);
    return {
      id: options.id ?? this.id('dealProduct', 10),
      deal_id: dealId,
      price,
      quantity,
      discount_type: discountType,
      discount,
      total_price: dealProductTotal(price, quantity, discountType, discount),
      billing_frequency:
        options.billing ?? this.prng.pick(['one-time', 'monthly', 'annually'] as const),
      product_id: productId,
      created_at: createdAt,
      updated_at: createdAt,
    };
  }
}
