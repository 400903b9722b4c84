// Who the attendant is in the RD Station CRM. RD's v2 API names no user for an OAuth
// token, so after the sign-in the api finds the attendant among the CRM's users, or asks. The spec
// has no such screen: these texts are our own pt-BR, shared by the api, its mock and the panel.
import type {
  CRM_USER_SOURCES,
  CrmUserChoiceBody,
  CrmUserChosenAnswer,
  CrmUserOptionAnswer,
  CrmUsersAnswer,
} from './schemas';
import type { AnswerData } from './answerData';

/** How the CRM user of a sign-in was decided (kept with the choice for the audit trail). */
export type CrmUserSource = (typeof CRM_USER_SOURCES)[number];

/** How a person reads each source. Only 'attendant-claim' is unverified. */
export const CRM_USER_SOURCE_LABELS: Readonly<Record<CrmUserSource, string>> = {
  'attendant-claim': 'escolha do atendente',
  'v1-token': 'token v1',
  'host-signed-email': 'e-mail assinado pelo host',
};

/** One active CRM user the attendant may say they are. */
export interface CrmUserOption extends CrmUserOptionAnswer {}

/** GET /api/rdstation/auth/crm-users: every active user, and the one an e-mail suggests. */
export interface CrmUserChoices extends AnswerData<CrmUsersAnswer> {}

/** POST /api/rdstation/auth/crm-user body. */
export interface CrmUserChoicePayload extends CrmUserChoiceBody {}

/** POST /api/rdstation/auth/crm-user answer. */
export interface CrmUserChosen extends AnswerData<CrmUserChosenAnswer> {}

/** The `code` of the api's 409 when a call needs the CRM user and none is chosen yet. */
export const CRM_USER_REQUIRED_CODE = 'crm_user_required';

export const CRM_USER_TEXTS = {
  heading: 'Quem é você no RD Station CRM?',
  intro:
    'O RD Station CRM não informa ao painel quem entrou. Escolha o seu usuário: ele será o autor das notas e tarefas que você criar por aqui.',
  listLabel: 'Usuários ativos do RD Station CRM',
  search: 'Buscar pelo nome ou e-mail',
  noMatch: 'Nenhum usuário encontrado',
  suggested: 'Sugerido pelo seu e-mail',
  confirm: 'Confirmar',
  confirming: 'Confirmando...',
  checking: 'Verificando usuário do CRM...',
  loading: 'Carregando usuários do RD Station CRM...',
  loadError: 'Erro ao carregar os usuários do RD Station CRM.',
  retry: 'Tentar novamente',
  empty: 'Nenhum usuário ativo encontrado no RD Station CRM.',
  chooseError: 'Erro ao confirmar o usuário. Tente novamente.',
  required: 'Escolha quem você é no RD Station CRM para continuar.',
} as const;
