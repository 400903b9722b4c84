import { type HostChannel } from '@crm-panel/contracts';
import { type SimAttendance } from '../world/types.js';
import { el, initials } from './dom.js';

export const NO_CONTACT_NAME = 'Visitante sem contato';

export interface AttendanceListProps {
  attendances: SimAttendance[];
  channels: HostChannel[];
  openId: string | null;
  /** Attendances open in the background (opened, not focused). */
  backgroundIds?: string[];
  onOpen(item: SimAttendance): void;
}

export function channelName(channels: HostChannel[], canalId: string): string {
  return channels.find((channel) => channel.id === canalId)?.nome ?? canalId;
}

/** The left column: the tenant's attendances; the open one is marked. */
export function renderAttendanceList(container: HTMLElement, props: AttendanceListProps): void {
  const items = props.attendances.map((item) => {
    const { attendance } = item;
    const name = attendance.contato?.nome ?? NO_CONTACT_NAME;
    const open = attendance.atendimentoId === props.openId;
    const background = props.backgroundIds?.includes(attendance.atendimentoId) ?? false;
    const className = open
      ? 'attendance-item is-open'
      : background
        ? 'attendance-item is-background'
        : 'attendance-item';
    return el('li', {}, [
      el(
        'button',
        {
          className,
          attrs: {
            'data-state': open ? 'focado' : background ? 'aberto' : undefined,
            type: 'button',
            'aria-current': open ? 'true' : undefined,
            'data-atendimento-id': attendance.atendimentoId,
          },
          onClick: () => props.onOpen(item),
        },
        [
          el('span', {
            className: attendance.contato ? 'avatar' : 'avatar is-anonymous',
            text: attendance.contato ? initials(name) : '?',
            attrs: { 'aria-hidden': 'true' },
          }),
          el('span', { className: 'attendance-text' }, [
            el('span', { className: 'attendance-name', text: name }),
            el('span', { className: 'attendance-description', text: attendance.descricao }),
            el('span', {
              className: 'channel-tag',
              text: channelName(props.channels, attendance.canalId),
            }),
            background && el('span', { className: 'background-tag', text: 'Aberto' }),
          ]),
        ],
      ),
    ]);
  });
  container.replaceChildren(
    el('h2', { className: 'column-title', text: 'Atendimentos' }),
    items.length > 0
      ? el('ul', { className: 'attendance-list', attrs: { 'aria-label': 'Atendimentos' } }, items)
      : el('p', { className: 'empty', text: 'Nenhum atendimento na fila.' }),
  );
}
