import { type Notice } from '@ui/hooks/useNotice';
import { Alert } from './Alert';

export interface NoticeBannerProps {
  notice: Notice | null;
  onClose: () => void;
}

/**
 * A panel area's notice (`useNotice`) as a banner at the top of the area, with 'Fechar'. Every
 * form that closes with success says so here, in the area it was opened from, the same way.
 */
export function NoticeBanner({ notice, onClose }: NoticeBannerProps) {
  if (!notice) return null;
  return (
    <Alert tone={notice.tone} onClose={onClose}>
      {notice.text}
    </Alert>
  );
}
