import { identityFixture } from '@api-client/testing/fixtures';

/** Headers every call carries when the client is configured with identityFixture. */
export const IDENTITY_HEADERS = {
  'x-user-id': identityFixture.userId,
  'x-system-key': identityFixture.systemKey,
  'x-cache-bypass': undefined,
} as const;
