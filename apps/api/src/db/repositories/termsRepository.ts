import { ownerKey } from '../identityLookups';
import { type RepositoryContext } from './context';

export function createTermsRepository({
  database,
  now,
  lookups,
}: Pick<RepositoryContext, 'database' | 'now' | 'lookups'>) {
  const { db } = database;
  return {
    isAccepted(systemKey: string, userId: string): Promise<boolean> {
      return lookups.terms.get(ownerKey(systemKey, userId), async () => {
        const row = await db
          .selectFrom('terms')
          .select('accepted_at')
          .where('system_key', '=', systemKey)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return row !== undefined;
      });
    },

    async accept(systemKey: string, userId: string): Promise<void> {
      await db
        .insertInto('terms')
        .values({ system_key: systemKey, user_id: userId, accepted_at: now() })
        .onConflict((oc) => oc.columns(['system_key', 'user_id']).doNothing())
        .execute();
      lookups.terms.delete(ownerKey(systemKey, userId));
    },
  };
}

export type TermsRepository = ReturnType<typeof createTermsRepository>;
