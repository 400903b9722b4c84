import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { TextInput } from '@ui/forms/TextInput';
import { Alert } from './Alert';

/** What a link to copy says unless its holder says it in its own words. */
export const LINK_TO_COPY_TEXTS = {
  copy: 'Copiar link',
  copied: 'Link copiado.',
  copyFailed: 'Não foi possível copiar. Selecione o link e copie-o com Ctrl+C.',
} as const;

/** A link to copy: its field, and whether the last copy worked. */
export interface CopyLink {
  url: string;
  fieldRef: RefObject<HTMLInputElement | null>;
  status: 'copied' | 'failed' | null;
  /** Copies the link (to be called from a click): the clipboard, else the field's selection. */
  copy: () => Promise<void>;
}

/**
 * Copying a link the person takes elsewhere by hand. A frame the host denies the clipboard
 * (no clipboard-write) still copies through the selected field, in the same click; where neither
 * works, the link stays selected for Ctrl+C.
 */
export function useCopyLink(url: string): CopyLink {
  const fieldRef = useRef<HTMLInputElement | null>(null);
  const [status, setStatus] = useState<CopyLink['status']>(null);
  const copy = async () => {
    fieldRef.current?.select();
    let copied: boolean;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      fieldRef.current?.select();
      copied = typeof document.execCommand === 'function' && document.execCommand('copy');
    }
    setStatus(copied ? 'copied' : 'failed');
  };
  return { url, fieldRef, status, copy };
}

export interface LinkToCopyProps {
  link: CopyLink;
  /** The read-only field's label: what the link is and where to open it. */
  label: string;
  copiedText?: string;
  copyFailedText?: string;
  /** Between the field and what the copy did: the holder's own 'Copiar link', where it has one. */
  children?: ReactNode;
}

/** The link whole in a read-only field (selected on focus), and what the last copy did. */
export function LinkToCopy({
  link,
  label,
  copiedText = LINK_TO_COPY_TEXTS.copied,
  copyFailedText = LINK_TO_COPY_TEXTS.copyFailed,
  children,
}: LinkToCopyProps) {
  return (
    <>
      <TextInput
        ref={link.fieldRef}
        label={label}
        value={link.url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      {children}
      {link.status === 'copied' ? <Alert tone="success">{copiedText}</Alert> : null}
      {link.status === 'failed' ? <Alert tone="warning">{copyFailedText}</Alert> : null}
    </>
  );
}
