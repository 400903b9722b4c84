import {
  type DataEnvelope,
  PAGE_SIZE,
  type Paged,
  type Pipeline,
  type Stage,
} from '@crm-panel/crm-model';
import { apiClient } from '@api-client/client/apiClient';
import {
  enc,
  readItems,
  readRecord,
  requestConfig,
  type ReferenceRequestOptions,
} from '@api-client/client/envelope';

/** GET /api/rdstation/pipelines?limit=200. */
export async function listPipelines(options?: ReferenceRequestOptions): Promise<Pipeline[]> {
  const response = await apiClient.get<DataEnvelope<Paged<Pipeline>>>(
    '/api/rdstation/pipelines',
    requestConfig(options, { limit: PAGE_SIZE }),
  );
  return readItems(response);
}

/** GET /api/rdstation/pipelines/{id}. */
export async function getPipeline(
  id: string,
  options?: ReferenceRequestOptions,
): Promise<Pipeline> {
  const response = await apiClient.get<DataEnvelope<DataEnvelope<Pipeline>>>(
    `/api/rdstation/pipelines/${enc(id)}`,
    requestConfig(options),
  );
  return readRecord(response);
}

/** GET /api/rdstation/pipelines/{pipelineId}/stages?limit=200. */
export async function listStages(
  pipelineId: string,
  options?: ReferenceRequestOptions,
): Promise<Stage[]> {
  const response = await apiClient.get<DataEnvelope<Paged<Stage>>>(
    `/api/rdstation/pipelines/${enc(pipelineId)}/stages`,
    requestConfig(options, { limit: PAGE_SIZE }),
  );
  return readItems(response);
}

/** GET /api/rdstation/pipelines/{pipelineId}/stages/{stageId}. */
export async function getStage(
  pipelineId: string,
  stageId: string,
  options?: ReferenceRequestOptions,
): Promise<Stage> {
  const response = await apiClient.get<DataEnvelope<DataEnvelope<Stage>>>(
    `/api/rdstation/pipelines/${enc(pipelineId)}/stages/${enc(stageId)}`,
    requestConfig(options),
  );
  return readRecord(response);
}
