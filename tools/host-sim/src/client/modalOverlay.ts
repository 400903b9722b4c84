import { type HostModalOptions } from '@crm-panel/contracts';
import { el } from './dom.js';

const MARGIN = 48;
const HEADER_HEIGHT = 56;

export interface OpenModal {
  frame: HTMLIFrameElement;
  remove(): void;
}

/**
 * The host's modal: an overlay with a title bar and the form page in an iframe, sized as the
 * panel asked but never larger than the window. Escape and the close button cancel.
 */
export function showModalOverlay(
  options: HostModalOptions,
  src: string,
  onDismiss: () => void,
): OpenModal {
  const previousFocus =
    document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const titleId = `modal-title-${Date.now()}`;
  const width = Math.min(options.width, window.innerWidth - MARGIN);
  const height = Math.min(options.height, window.innerHeight - MARGIN - HEADER_HEIGHT);
  const closeButton = el('button', {
    className: 'icon-button',
    text: '×',
    attrs: { type: 'button', 'aria-label': 'Fechar' },
    onClick: () => onDismiss(),
  });
  const frame = el('iframe', {
    className: 'modal-frame',
    attrs: { title: `Formulário: ${options.title}`, src },
  });
  frame.style.width = `${width}px`;
  frame.style.height = `${height}px`;
  const dialog = el(
    'div',
    {
      className: 'modal',
      attrs: { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId },
    },
    [
      el('header', { className: 'modal-header' }, [
        el('h2', { text: options.title, attrs: { id: titleId } }),
        closeButton,
      ]),
      frame,
    ],
  );
  const backdrop = el('div', { className: 'modal-backdrop' }, [dialog]);
  const onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') onDismiss();
  };
  document.addEventListener('keydown', onKey);
  document.body.append(backdrop);
  closeButton.focus();
  return {
    frame,
    remove() {
      document.removeEventListener('keydown', onKey);
      backdrop.remove();
      previousFocus?.focus();
    },
  };
}
