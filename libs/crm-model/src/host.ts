/** Host user info, read from the host's global browser object. */
export interface HostUserInfo {
  userId: string;
  systemKey: string;
}

export interface HostContact {
  id: string;
  nome: string;
  nomeSecundario: string | null;
  numero: string | null;
}

/** The attendance (chat) the host has open. */
export interface HostAttendance {
  atendimentoId: string;
  canalId: string;
  descricao: string;
  contato?: HostContact;
}
