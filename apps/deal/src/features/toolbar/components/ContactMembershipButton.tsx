import { Button } from '@crm-panel/ui';

export interface ContactMembershipButtonProps {
  /** Whether the contact is already on the deal; null while the deal is loading. */
  isMember: boolean | null;
  busy: boolean;
  onToggle: () => Promise<unknown>;
}

/** 'Adicionar contato à negociação' or 'Remover contato da negociação'. */
export function ContactMembershipButton({
  isMember,
  busy,
  onToggle,
}: ContactMembershipButtonProps) {
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={isMember ? 'close' : 'link'}
      loading={busy}
      disabled={isMember === null}
      onClick={onToggle}
    >
      {isMember ? 'Remover contato da negociação' : 'Adicionar contato à negociação'}
    </Button>
  );
}
