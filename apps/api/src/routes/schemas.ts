// What the routes add to the wire contract (libs/crm-model/src/schemas) for Fastify alone: the
// refusals every identified route documents, and how an answer carrying CRM records is written.
import { apiErrorAnswer } from '@crm-panel/crm-model/schemas';
import { type FastifySerializerCompiler } from 'fastify';

const refusal = (description: string) => ({ ...apiErrorAnswer, description });

/**
 * Error answers every identified route may give. Documented through the swagger transform only:
 * compiling them as response serializers for every route would slow the start for nothing.
 */
export const errorResponseDocs = {
  400: refusal('Entrada inválida ou cabeçalhos de identificação ausentes'),
  401: refusal('Sem sessão no CRM (ou sessão encerrada)'),
  404: refusal('Registro não encontrado no CRM'),
  422: refusal('O CRM recusou os dados (motivo do CRM na mensagem)'),
  428: refusal('Credenciais do tenant não configuradas'),
  429: refusal('Limite de requisições ao CRM'),
  502: refusal('O CRM (ou o chat) falhou'),
  504: refusal('O CRM não respondeu a tempo'),
} as const;

/**
 * The serializer of answers that carry CRM records (the proxy's, a contact created with its
 * link): their schema names the fields the panel reads, but the records pass through exactly as
 * the CRM sent them, fields the panel does not read included, so they are written whole rather
 * than through the schema (which would drop or coerce what it does not name).
 */
export const crmRecordsSerializer: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);
