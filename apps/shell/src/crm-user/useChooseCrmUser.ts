import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chooseCrmUser, getErrorCode, queryKeys } from '@crm-panel/api-client';

/**
 * POST auth/crm-user; then the panel forgets the old status and profile (the header greets the
 * chosen user) and `onDone` moves on. Already decided elsewhere (another window) counts as done.
 */
export function useChooseCrmUser(onDone: () => void) {
  const queryClient = useQueryClient();
  const forgetAndGo = async () => {
    queryClient.removeQueries({ queryKey: queryKeys.profile() });
    await queryClient.invalidateQueries({ queryKey: queryKeys.authStatus() });
    onDone();
  };
  return useMutation({
    mutationFn: (userId: string) => chooseCrmUser(userId),
    onSuccess: forgetAndGo,
    onError: async (error) => {
      if (getErrorCode(error) === 'crm_user_chosen') await forgetAndGo();
    },
  });
}
