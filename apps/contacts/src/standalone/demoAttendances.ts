import { type HostAttendance } from '@crm-panel/crm-model';
import { FAKE_ATTENDANCE } from '@crm-panel/host-bridge/testing';

/** Chats the standalone page can open, to see suggestions, an empty result and a linked one. */
export const DEMO_ATTENDANCES: { id: string; label: string; attendance: HostAttendance }[] = [
  {
    id: 'maria',
    label: 'Maria (número sem o 9)',
    attendance: {
      atendimentoId: 'at-demo-1',
      canalId: 'canal-whatsapp-acme',
      descricao: 'Pedido de orçamento',
      contato: {
        id: 'contato-maria-demo',
        nome: 'Maria Oliveira',
        nomeSecundario: null,
        numero: '(11) 8765-4321',
      },
    },
  },
  { id: 'mariana', label: 'Mariana (sem sugestão)', attendance: FAKE_ATTENDANCE },
  {
    id: 'sem-contato',
    label: 'Atendimento sem contato',
    attendance: {
      atendimentoId: 'at-demo-3',
      canalId: 'canal-whatsapp-acme',
      descricao: 'Sem contato',
    },
  },
];
