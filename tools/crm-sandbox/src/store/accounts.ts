import { seedAccount1 } from '@crm-sandbox/seed/account1';
import { seedAccount2 } from '@crm-sandbox/seed/account2';
import { WELL_KNOWN } from '@crm-sandbox/seed/fixtures';
import { AccountStore, type AccountSeed } from './AccountStore';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  name: string;
  accountId: string;
}

export interface Account {
  id: string;
  name: string;
  store: AccountStore;
}

export const OAUTH_APPS: readonly OAuthApp[] = [
  {
    clientId: WELL_KNOWN.account1.clientId,
    clientSecret: WELL_KNOWN.account1.clientSecret,
    name: WELL_KNOWN.account1.appName,
    accountId: WELL_KNOWN.account1.id,
  },
  {
    clientId: WELL_KNOWN.account2.clientId,
    clientSecret: WELL_KNOWN.account2.clientSecret,
    name: WELL_KNOWN.account2.appName,
    accountId: WELL_KNOWN.account2.id,
  },
];

function build(seed: AccountSeed, clock: () => number): AccountStore {
  const store = new AccountStore(seed, clock);
  for (const deal of store.deals.all()) store.recomputeDealPrices(deal);
  return store;
}

/** Both accounts, freshly seeded. */
export function createAccounts(seed: number, clock: () => number): Map<string, Account> {
  const now = clock();
  return new Map([
    [
      WELL_KNOWN.account1.id,
      {
        id: WELL_KNOWN.account1.id,
        name: WELL_KNOWN.account1.name,
        store: build(seedAccount1(seed, now), clock),
      },
    ],
    [
      WELL_KNOWN.account2.id,
      {
        id: WELL_KNOWN.account2.id,
        name: WELL_KNOWN.account2.name,
        store: build(seedAccount2(seed, now), clock),
      },
    ],
  ]);
}
