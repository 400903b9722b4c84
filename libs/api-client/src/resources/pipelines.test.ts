import { pipelinesFixture, setupTestServer, stagesFixture } from '@api-client/testing';
import { IDENTITY_HEADERS } from '@api-client/test-support/wire';
import { getPipeline, getStage, listPipelines, listStages } from './pipelines';

const server = setupTestServer();

const get = (path: string, query: Record<string, string> = {}) => ({
  method: 'GET',
  path,
  query,
  body: undefined,
  headers: IDENTITY_HEADERS,
});

describe('pipelines', () => {
  it('listPipelines: GET /api/rdstation/pipelines?limit=200', async () => {
    await expect(listPipelines()).resolves.toEqual(pipelinesFixture);
    expect(server.lastRequest()).toEqual(get('/api/rdstation/pipelines', { limit: '200' }));
  });

  it('getPipeline: GET /api/rdstation/pipelines/{id}', async () => {
    await expect(getPipeline('pipeline-2')).resolves.toEqual(pipelinesFixture[1]);
    expect(server.lastRequest()).toEqual(get('/api/rdstation/pipelines/pipeline-2'));
  });

  it('listStages: GET /api/rdstation/pipelines/{id}/stages?limit=200', async () => {
    await expect(listStages('pipeline-1')).resolves.toEqual(stagesFixture['pipeline-1']);
    expect(server.lastRequest()).toEqual(
      get('/api/rdstation/pipelines/pipeline-1/stages', { limit: '200' }),
    );
  });

  it('getStage: GET /api/rdstation/pipelines/{pipelineId}/stages/{stageId}', async () => {
    await expect(getStage('pipeline-2', 'stage-5')).resolves.toEqual(
      stagesFixture['pipeline-2']?.[1],
    );
    expect(server.lastRequest()).toEqual(get('/api/rdstation/pipelines/pipeline-2/stages/stage-5'));
  });
});
