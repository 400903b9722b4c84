import { type FastifyInstance } from 'fastify';
import {
  API_CONTRACT_HEADER,
  API_CONTRACT_UNSENT,
  API_CONTRACT_VERSION,
  apiContractAccepts,
  versionMajor,
} from '@crm-panel/crm-model';
import { ApiError } from './errors';
import { API_MESSAGES } from './messages';

/** The code of a refused contract, beside its pt-BR message: the panel cannot call this api. */
export const API_CONTRACT_UNSUPPORTED = 'api_contract_unsupported';

/** The refusal of a panel built for contract `sent`, saying which majors this api serves. */
export function apiContractUnsupportedMessage(sent: string, served: string): string {
  const own = versionMajor(served) ?? 0;
  const accepted = own > 0 ? `${own}.x e ${own - 1}.x` : `${own}.x`;
  return (
    `Esta versão do painel (contrato ${sent}) não é atendida por este servidor, que aceita ` +
    `${accepted}. Recarregue a página; se continuar, avise o administrador.`
  );
}

/**
 * Every call names the wire contract its api-client was built for (API_CONTRACT_HEADER): this
 * api serves its own major and the previous one, so a panel still open on the previous major
 * keeps working until the next major ships; any other major, or a value that is not a version, is
 * refused before identity or body are read (400, `api_contract_unsupported`). A call without the
 * header is of the first contract (API_CONTRACT_UNSENT): api-client's builds from before the
 * header, and the browser's own requests (the sign-in pages, the live stream's reconnection).
 */
export function registerApiContract(app: FastifyInstance): void {
  const served = API_CONTRACT_VERSION;
  app.addHook('onRequest', async (request) => {
    const header = request.headers[API_CONTRACT_HEADER];
    const sent = Array.isArray(header) ? header.join(', ') : (header ?? API_CONTRACT_UNSENT);
    if (apiContractAccepts(served, sent)) return;
    const message =
      versionMajor(sent) === null
        ? API_MESSAGES.apiContractInvalid
        : apiContractUnsupportedMessage(sent, served);
    throw new ApiError(400, message, {}, API_CONTRACT_UNSUPPORTED);
  });
}
