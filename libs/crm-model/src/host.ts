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

/** How the link of a contact the host gives without an id is keyed (see `linkableHostContact`). */
export const ATTENDANCE_LINK_PREFIX = 'atendimento:';

/**
 * The chat contact the panel can link to a CRM contact, or null when there is none to link.
 * A host contact has its id. A visitor the host knows only by a name or a phone comes as a contact
 * with a blank id: it is still linkable, and its link is kept under its attendance
 * ('atendimento:{atendimentoId}'), the one thing that names it. No contact, or one with neither
 * id, name nor phone: null.
 */
export function linkableHostContact(
  attendance: HostAttendance | null | undefined,
): HostContact | null {
  const contato = attendance?.contato;
  if (!attendance || !contato) return null;
  if (contato.id.trim() !== '') return contato;
  const known = contato.nome.trim() !== '' || (contato.numero ?? '').trim() !== '';
  return known ? { ...contato, id: `${ATTENDANCE_LINK_PREFIX}${attendance.atendimentoId}` } : null;
}
