import { type AnchorHTMLAttributes, type MouseEvent, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { LINK_TO_COPY_TEXTS, LinkToCopy, useCopyLink } from './LinkToCopy';

export const NEW_TAB_LINK_TEXTS = {
  title: 'Abrir em nova aba',
  blocked:
    'O sistema de atendimento não deixa o painel abrir novas abas. Copie o link e abra-o numa nova aba do navegador.',
  linkLabel: 'Link',
  close: 'Fechar',
} as const;

export interface NewTabLinkProps extends Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href' | 'target' | 'rel'
> {
  href: string;
}

/**
 * A link that opens in a new tab (target _blank, no opener). A host may frame the panel where it
 * may open no window (a sandbox without allow-popups): the browser then drops the click without a
 * word, so the panel opens the tab itself and, when the browser refuses it, shows the link to copy
 * instead. A click with a modifier (a new window, a download) is the browser's own.
 */
export function NewTabLink({ href, onClick, children, ...anchor }: NewTabLinkProps) {
  const [blocked, setBlocked] = useState(false);
  const link = useCopyLink(href);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (event.defaultPrevented || event.button !== 0 || modified) return;
    event.preventDefault();
    // Without 'noopener', so that the answer says whether a tab opened; the opener goes at once.
    const tab = window.open(href, '_blank');
    if (tab) tab.opener = null;
    else setBlocked(true);
  };

  return (
    <>
      <a {...anchor} href={href} target="_blank" rel="noopener noreferrer" onClick={open}>
        {children}
      </a>
      <ConfirmDialog
        open={blocked}
        title={NEW_TAB_LINK_TEXTS.title}
        message={NEW_TAB_LINK_TEXTS.blocked}
        confirmLabel={LINK_TO_COPY_TEXTS.copy}
        cancelLabel={NEW_TAB_LINK_TEXTS.close}
        onConfirm={link.copy}
        onCancel={() => setBlocked(false)}
      >
        <LinkToCopy link={link} label={NEW_TAB_LINK_TEXTS.linkLabel} />
      </ConfirmDialog>
    </>
  );
}
