import { Gate } from './http/Gate';
import { RequestStats } from './http/RequestStats';
import { type Knobs } from './knobs';
import { RedirectRegistry } from './oauth/redirects';
import { TokenStore, type TokenLifetimes } from './oauth/TokenStore';
import { type Account, createAccounts, OAUTH_APPS, type OAuthApp } from './store/accounts';
import { type UserRecord } from './store/records';
import { type IssuedTokens } from './types';
import { WebhookDispatcher } from './webhooks/WebhookDispatcher';

export interface RuntimeConfig extends TokenLifetimes {
  seed: number;
  knobs: Knobs;
  clock: () => number;
}

/**
 * All mutable sandbox state: accounts, tokens, the fault gate, the request counter, registered
 * callback URLs and webhook deliveries.
 */
export class SandboxRuntime {
  accounts: Map<string, Account>;
  readonly tokens: TokenStore;
  readonly gate: Gate;
  readonly stats = new RequestStats();
  readonly clock: () => number;
  readonly redirects = new RedirectRegistry(
    OAUTH_APPS.map((app) => app.clientId),
    () => this.gate.knobs.loopbackHttpCallbacks,
  );
  readonly webhooks: WebhookDispatcher;
  /** Set once the server listens. */
  publicUrl = '';

  constructor(private readonly config: RuntimeConfig) {
    this.clock = config.clock;
    this.accounts = createAccounts(config.seed, config.clock);
    this.tokens = new TokenStore(config, config.clock);
    this.gate = new Gate(config.knobs, config.clock, config.seed);
    this.webhooks = new WebhookDispatcher(() => this.gate.knobs, config.clock);
  }

  /** Back to the seed (webhooks and deliveries included); registered callback URLs stay. */
  reset(): void {
    this.webhooks.reset();
    this.accounts = createAccounts(this.config.seed, this.clock);
    this.tokens.clear();
    this.gate.reset();
    this.stats.reset();
  }

  app(clientId: string | undefined): OAuthApp | undefined {
    return OAUTH_APPS.find((app) => app.clientId === clientId);
  }

  account(accountId: string): Account {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`No account '${accountId}'`);
    return account;
  }

  user(accountId: string, userId: string): UserRecord | undefined {
    return this.accounts.get(accountId)?.store.users.get(userId);
  }

  issueTokens(clientId: string, userEmail: string): IssuedTokens {
    const app = this.app(clientId);
    if (!app) throw new Error(`Unknown OAuth client_id '${clientId}'`);
    const account = this.account(app.accountId);
    const user = account.store.users
      .all()
      .find((candidate) => candidate.email.toLowerCase() === userEmail.toLowerCase());
    if (!user) throw new Error(`No user '${userEmail}' in account '${account.name}'`);
    return this.tokens.issue({ clientId, accountId: account.id, userId: user.id });
  }

  /** The API v1 token's owner, across accounts. */
  v1Owner(token: string): { account: Account; user: UserRecord } | undefined {
    for (const account of this.accounts.values()) {
      const user = account.store.users.all().find((candidate) => candidate.v1Token === token);
      if (user) return { account, user };
    }
    return undefined;
  }
}
