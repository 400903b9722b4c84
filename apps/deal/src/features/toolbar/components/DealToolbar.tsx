import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { useInfiniteQuery } from '@tanstack/react-query';
import { dealsInfiniteQueryOptions, usePanelCache } from '@crm-panel/api-client';
import { type DealListFilter, type DealToolbarProps } from '@crm-panel/contracts';
import { DEAL_FILTER_LABELS, DEAL_FILTERS, MESSAGES } from '@crm-panel/crm-model';
import { useFormResult, useHostForms } from '@crm-panel/host-bridge';
import { Button, DropdownMenu, NoticeBanner, useNotice } from '@crm-panel/ui';
import { useDeal } from '@deal/features/shared/useDeal';
import { LAST_CONTACT_KEPT, useContactMembership } from '../hooks/useContactMembership';
import { scanLimitNote } from '../scanLimitNote';
import { ContactMembershipButton } from './ContactMembershipButton';
import { DealPicker } from './DealPicker';

const StyledToolbar = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledCreate = styled.div`
  margin-left: auto;
`;

const StyledScanNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const ALL_FILTER_ITEMS = DEAL_FILTERS.map((id) => ({ id, label: DEAL_FILTER_LABELS[id] }));
// Without a contact, 'Negociações com esse contato' has nothing to filter by.
const NO_CONTACT_FILTER_ITEMS = ALL_FILTER_ITEMS.filter((item) => item.id === 'all');

const isDealFilter = (id: string): id is DealListFilter =>
  (DEAL_FILTERS as readonly string[]).includes(id);

/**
 * The picker's first filter: the contact's own deals when they have any (the deal on screen
 * holding the contact says so at once), else 'all'; null while that is not known yet.
 */
function firstFilterOf(
  isMember: boolean | null,
  dealSettles: boolean,
  contactDeals: { isError: boolean; data?: { pages: { data: unknown[] }[] } },
): DealListFilter | null {
  if (isMember === true) return 'contact';
  if (!dealSettles) return null;
  if (contactDeals.isError) return 'all';
  const firstPage = contactDeals.data?.pages[0];
  if (!firstPage) return null;
  return firstPage.data.length > 0 ? 'contact' : 'all';
}

/**
 * The deal area's toolbar: deal picker, filter menu, the button that puts the chat's contact on
 * the selected deal (or takes it off) and 'Criar Negociação'. The shell owns the selection. The
 * picker opens on 'Negociações com esse contato' when the chat's contact has deals of their own,
 * else on 'Todas as negociações'.
 */
export function DealToolbar({ contactId, dealId, onDealChange }: DealToolbarProps) {
  const cache = usePanelCache();
  const { openForm } = useHostForms();
  // A filter someone picked, or the first one decided, holds for the contact it was set for.
  const [chosen, setChosen] = useState<{ contactId: string; filter: DealListFilter } | null>(null);
  const decided = chosen !== null && chosen.contactId === contactId;
  const deal = useDeal(dealId);
  const loadedDeal = deal.data && deal.data.id === dealId ? deal.data : null;
  const isMember = contactId && loadedDeal ? loadedDeal.contact_ids.includes(contactId) : null;
  // The deal on screen holding the contact already says the contact has deals: the filter is
  // decided without a request (the contact's deals are read, by the picker, only when its list
  // is opened). Only a chat whose deal does not hold the contact, or that has none, asks.
  const dealSettles = !dealId || (deal.isError && !loadedDeal) || isMember === false;
  // The contact's own deals: the very first page the picker shows under 'Negociações com esse
  // contato' (same query, same cache entry), so deciding the first filter costs no request of its
  // own. Read once per contact: once decided, a deal write re-reads it only if the list is shown.
  const contactDeals = useInfiniteQuery({
    ...dealsInfiniteQueryOptions({ search: '', contactId: contactId ?? undefined }),
    enabled: Boolean(contactId) && !decided && dealSettles,
  });
  const firstFilter = firstFilterOf(isMember, dealSettles, contactDeals);
  useEffect(() => {
    if (contactId && !decided && firstFilter) setChosen({ contactId, filter: firstFilter });
  }, [contactId, decided, firstFilter]);
  // Until the answer, the contact's list: the one the picker would show first anyway.
  const filter: DealListFilter = !contactId
    ? 'all'
    : decided
      ? chosen.filter
      : (firstFilter ?? 'contact');
  const setFilter = (next: DealListFilter) => {
    if (contactId) setChosen({ contactId, filter: next });
  };
  const notice = useNotice(contactId);
  const [scanLimit, setScanLimit] = useState<number | null>(null);
  const membership = useContactMembership();

  // Answers that arrive after the chat changed belong to the previous contact: drop them.
  const contactRef = useRef(contactId);
  const formContactRef = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    contactRef.current = contactId;
  }, [contactId]);

  useFormResult('deal-create', ({ result }) => {
    if (!result.success || !result.dealId) return;
    void cache.dealCreated();
    const openedFor = formContactRef.current;
    formContactRef.current = undefined;
    if (openedFor !== undefined && openedFor !== contactRef.current) return;
    notice.success(MESSAGES.deal.createSuccess);
    onDealChange?.(result.dealId);
  });

  const toggleMembership = async () => {
    if (!contactId || !dealId || isMember === null) return;
    const add = !isMember;
    notice.clear();
    try {
      await membership.change({ dealId, contactId, add });
      if (contactRef.current !== contactId) return;
      notice.success(add ? MESSAGES.deal.contactAdded : MESSAGES.deal.contactRemoved);
    } catch (error) {
      const lastContact = error instanceof Error && error.message === LAST_CONTACT_KEPT;
      if (!lastContact) console.error(MESSAGES.deal.updateError, error);
      if (contactRef.current !== contactId) return;
      notice.error(lastContact ? LAST_CONTACT_KEPT : MESSAGES.deal.updateError);
    }
  };

  const createDeal = () => {
    notice.clear();
    formContactRef.current = contactId;
    openForm('deal-create', { contactId });
  };

  return (
    <StyledToolbar aria-label="Negociação">
      <DealPicker
        dealId={dealId}
        // Until the deal answers, its name is not known: never its raw id.
        dealName={loadedDeal?.name ?? (deal.isPending ? MESSAGES.dropdown.loading : undefined)}
        contactFilter={filter === 'contact' ? contactId : null}
        onChange={(id) => {
          notice.clear();
          if (id !== dealId) onDealChange?.(id);
        }}
        onScanLimitChange={setScanLimit}
      />
      <StyledActions>
        <DropdownMenu
          label={DEAL_FILTER_LABELS[filter]}
          icon="filter"
          selectedId={filter}
          onSelect={(id) => {
            if (isDealFilter(id)) setFilter(id);
          }}
          items={contactId ? ALL_FILTER_ITEMS : NO_CONTACT_FILTER_ITEMS}
        />
        {contactId && dealId ? (
          <ContactMembershipButton
            isMember={isMember}
            busy={membership.busy}
            onToggle={toggleMembership}
          />
        ) : null}
        <StyledCreate>
          <Button variant="primary" size="sm" icon="plus" onClick={createDeal}>
            Criar Negociação
          </Button>
        </StyledCreate>
      </StyledActions>
      {filter === 'contact' && scanLimit !== null ? (
        <StyledScanNote>{scanLimitNote(scanLimit)}</StyledScanNote>
      ) : null}
      <NoticeBanner notice={notice.notice} onClose={notice.clear} />
    </StyledToolbar>
  );
}
