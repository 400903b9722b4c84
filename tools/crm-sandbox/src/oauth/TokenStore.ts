import { randomBytes } from 'node:crypto';
import { type IssuedTokens } from '@crm-sandbox/types';

export interface Grant {
  clientId: string;
  accountId: string;
  userId: string;
}

interface CodeEntry extends Grant {
  redirectUri: string;
  expiresAt: number;
}

interface AccessEntry extends Grant {
  expiresAt: number;
}

interface RefreshEntry extends Grant {
  /** Refresh tokens expire when unused for the idle TTL; each use replaces them. */
  expiresAt: number;
}

export interface TokenLifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenIdleTtlSeconds: number;
  codeTtlSeconds: number;
}

const token = (bytes: number): string => randomBytes(bytes).toString('base64url');

/** Authorisation codes, access tokens and rotating refresh tokens, all in memory. */
export class TokenStore {
  private codes = new Map<string, CodeEntry>();
  private access = new Map<string, AccessEntry>();
  private refresh = new Map<string, RefreshEntry>();

  constructor(
    private readonly lifetimes: TokenLifetimes,
    private readonly clock: () => number,
  ) {}

  clear(): void {
    this.codes = new Map();
    this.access = new Map();
    this.refresh = new Map();
  }

  createCode(grant: Grant, redirectUri: string): string {
    const code = token(24);
    this.codes.set(code, {
      ...grant,
      redirectUri,
      expiresAt: this.clock() + this.lifetimes.codeTtlSeconds * 1000,
    });
    return code;
  }

  /** Single use: the code is gone after this call whatever the outcome. */
  consumeCode(code: string): CodeEntry | 'expired' | null {
    const entry = this.codes.get(code);
    if (!entry) return null;
    this.codes.delete(code);
    return entry.expiresAt <= this.clock() ? 'expired' : entry;
  }

  issue(grant: Grant): IssuedTokens {
    const now = this.clock();
    const accessToken = token(32);
    const refreshToken = token(32);
    this.access.set(accessToken, {
      ...grant,
      expiresAt: now + this.lifetimes.accessTokenTtlSeconds * 1000,
    });
    this.refresh.set(refreshToken, {
      ...grant,
      expiresAt: now + this.lifetimes.refreshTokenIdleTtlSeconds * 1000,
    });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: this.lifetimes.accessTokenTtlSeconds,
      token_type: 'Bearer',
    };
  }

  /**
   * Rotation: the presented refresh token stops working as soon as it is used. A token presented
   * by another client is refused and left untouched.
   */
  consumeRefresh(refreshToken: string, clientId: string): RefreshEntry | 'expired' | null {
    const entry = this.refresh.get(refreshToken);
    if (!entry || entry.clientId !== clientId) return null;
    this.refresh.delete(refreshToken);
    return entry.expiresAt <= this.clock() ? 'expired' : entry;
  }

  verifyAccess(accessToken: string): Grant | 'expired' | null {
    const entry = this.access.get(accessToken);
    if (!entry) return null;
    if (entry.expiresAt <= this.clock()) return 'expired';
    return entry;
  }
}
