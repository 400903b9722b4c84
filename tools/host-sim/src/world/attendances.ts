import { TENANT_ACME, TENANT_BETA } from './identities';
import { type SimAttendance } from './types';

/**
 * The attendances of each tenant. Mariana Costa's phone matches the CRM sandbox's seeded
 * contact (already linked); João Pereira has no CRM mapping yet; at-1003 has no contact at all.
 */
export const ATTENDANCES: readonly SimAttendance[] = [
  {
    tenant: TENANT_ACME,
    attendance: {
      atendimentoId: 'at-1001',
      canalId: 'canal-whatsapp-acme',
      descricao: 'Dúvida sobre a proposta comercial',
      contato: {
        id: 'contato-mariana',
        nome: 'Mariana Costa',
        nomeSecundario: 'Mari',
        numero: '+5511987654321',
      },
    },
  },
  {
    tenant: TENANT_ACME,
    attendance: {
      atendimentoId: 'at-1002',
      canalId: 'canal-whatsapp-acme',
      descricao: 'Pedido de orçamento',
      contato: {
        id: 'contato-joao',
        nome: 'João Pereira',
        nomeSecundario: null,
        numero: '+5521998765432',
      },
    },
  },
  {
    tenant: TENANT_ACME,
    attendance: {
      atendimentoId: 'at-1003',
      canalId: 'canal-webchat-acme',
      descricao: 'Visitante do site sem cadastro',
    },
  },
  {
    tenant: TENANT_BETA,
    attendance: {
      atendimentoId: 'at-2001',
      canalId: 'canal-whatsapp-beta',
      descricao: 'Suporte pós-venda',
      contato: {
        id: 'contato-ricardo',
        nome: 'Ricardo Nunes',
        nomeSecundario: null,
        numero: '+5531991234567',
      },
    },
  },
  {
    tenant: TENANT_BETA,
    attendance: {
      atendimentoId: 'at-2002',
      canalId: 'canal-instagram-beta',
      descricao: 'Interesse no plano anual',
      contato: {
        id: 'contato-patricia',
        nome: 'Patrícia Lima',
        nomeSecundario: '@patricia.lima',
        numero: null,
      },
    },
  },
];

export function findAttendance(atendimentoId: string): SimAttendance | undefined {
  return ATTENDANCES.find((item) => item.attendance.atendimentoId === atendimentoId);
}
