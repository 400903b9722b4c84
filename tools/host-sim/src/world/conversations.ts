import { type SimMessageKind } from './types';

/** One seeded line: who, when (minutes before the seed time) and what. */
export interface ScriptLine {
  from: 'contact' | 'attendant';
  minutesAgo: number;
  kind: SimMessageKind;
  text?: string;
  mediaLabel?: string;
}

export interface Conversation {
  /** Sender name of the contact's messages. */
  contactName: string;
  /** Sender name of the company's messages (the attendant who wrote them). */
  attendantName: string;
  lines: ScriptLine[];
}

/** Realistic pt-BR chats, text and media, both sides, per attendance id. */
export const CONVERSATIONS: Readonly<Record<string, Conversation>> = {
  'at-1001': {
    contactName: 'Mariana Costa',
    attendantName: 'Ana Souza',
    lines: [
      {
        from: 'contact',
        minutesAgo: 95,
        kind: 'text',
        text: 'Olá, bom dia! Recebi a proposta de vocês ontem.',
      },
      {
        from: 'attendant',
        minutesAgo: 93,
        kind: 'text',
        text: 'Bom dia, Mariana! Que ótimo. Conseguiu dar uma olhada nos valores?',
      },
      {
        from: 'contact',
        minutesAgo: 90,
        kind: 'text',
        text: 'Consegui sim. Achei o Plano Pro interessante, mas queria entender melhor a implantação assistida.',
      },
      { from: 'contact', minutesAgo: 89, kind: 'image', mediaLabel: 'planilha-vendas.jpg' },
      {
        from: 'contact',
        minutesAgo: 89,
        kind: 'text',
        text: 'Esse é o print da planilha que usamos hoje para controlar as vendas.',
      },
      {
        from: 'attendant',
        minutesAgo: 85,
        kind: 'text',
        text: 'Perfeito! A implantação assistida inclui a migração dessa planilha e o treinamento da equipe.',
      },
      { from: 'contact', minutesAgo: 60, kind: 'audio', mediaLabel: '0:42' },
      {
        from: 'attendant',
        minutesAgo: 30,
        kind: 'text',
        text: 'Posso agendar uma demonstração para quinta-feira às 14h?',
      },
      {
        from: 'contact',
        minutesAgo: 12,
        kind: 'text',
        text: 'Pode sim, combinado! Vou chamar o pessoal do comercial também.',
      },
    ],
  },
  'at-1002': {
    contactName: 'João Pereira',
    attendantName: 'Bruno Lima',
    lines: [
      {
        from: 'contact',
        minutesAgo: 240,
        kind: 'text',
        text: 'Boa tarde! Vocês têm integração com o WhatsApp?',
      },
      {
        from: 'attendant',
        minutesAgo: 236,
        kind: 'text',
        text: 'Boa tarde, João! Temos sim. Quantas pessoas tem a sua equipe comercial?',
      },
      {
        from: 'contact',
        minutesAgo: 231,
        kind: 'text',
        text: 'Somos 12 vendedores, em duas filiais.',
      },
      { from: 'contact', minutesAgo: 230, kind: 'document', mediaLabel: 'orcamento-atual.pdf' },
      {
        from: 'attendant',
        minutesAgo: 221,
        kind: 'text',
        text: 'Obrigado! Vou preparar um orçamento e te envio ainda hoje.',
      },
    ],
  },
  'at-1003': {
    contactName: 'Visitante',
    attendantName: 'Ana Souza',
    lines: [
      {
        from: 'contact',
        minutesAgo: 15,
        kind: 'text',
        text: 'Oi, qual é o horário de atendimento de vocês?',
      },
      {
        from: 'attendant',
        minutesAgo: 14,
        kind: 'text',
        text: 'Olá! Atendemos de segunda a sexta, das 8h às 18h.',
      },
      { from: 'contact', minutesAgo: 5, kind: 'image', mediaLabel: 'foto-produto.png' },
    ],
  },
  'at-2001': {
    contactName: 'Ricardo Nunes',
    attendantName: 'Carla Dias',
    lines: [
      {
        from: 'contact',
        minutesAgo: 50,
        kind: 'text',
        text: 'Oi, o sistema está pedindo para renovar a licença.',
      },
      {
        from: 'attendant',
        minutesAgo: 48,
        kind: 'text',
        text: 'Olá, Ricardo! Vou verificar para você agora mesmo.',
      },
      { from: 'contact', minutesAgo: 47, kind: 'audio', mediaLabel: '0:14' },
      {
        from: 'attendant',
        minutesAgo: 20,
        kind: 'text',
        text: 'Renovação feita! Pode testar novamente, por favor?',
      },
    ],
  },
  'at-2002': {
    contactName: 'Patrícia Lima',
    attendantName: 'Carla Dias',
    lines: [
      {
        from: 'contact',
        minutesAgo: 180,
        kind: 'text',
        text: 'Vi o anúncio de vocês. O plano anual tem desconto?',
      },
      {
        from: 'attendant',
        minutesAgo: 175,
        kind: 'text',
        text: 'Oi, Patrícia! Tem sim: 15% de desconto no pagamento anual.',
      },
      { from: 'contact', minutesAgo: 170, kind: 'image', mediaLabel: 'anuncio.jpg' },
    ],
  },
};
