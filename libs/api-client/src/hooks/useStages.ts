import { useQuery } from '@tanstack/react-query';
import { stagesQueryOptions } from '@api-client/query/queryOptions';

/** Stages of `pipelineId`; idle (no request) while it is empty. */
export function useStages(pipelineId: string | null | undefined) {
  return useQuery(stagesQueryOptions(pipelineId));
}
