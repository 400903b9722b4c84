import { type Contact, contactIdOf } from '@crm-panel/crm-model';
import { normaliseBrazilianPhone, phonesMatch } from '@crm-panel/format/phone';

/** Why a CRM contact is offered for the chat's contact. */
export type SuggestionReason = 'phone' | 'name' | 'phone-and-name';

export interface ContactSuggestion {
  id: string;
  contact: Contact;
  reason: SuggestionReason;
}

/** A common name ('Maria') matches many people: only the first few name matches are offered. */
export const MAX_NAME_SUGGESTIONS = 5;
export const MAX_SUGGESTIONS = 8;

const BR = '55';
const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/**
 * The digits to ask the CRM for, once: the national number of a Brazilian one
 * ('+55 11 98765-4321' → '11987654321'), the international digits of a foreign one, or the digits
 * of a number without area code (at least 8). The api turns them into every form RD may hold as
 * typed (E.164, with and without 55 and the extra 9, formatted; apps/api README 'CRM lists'), and
 * the answers are then checked with `phonesMatch`. Null when it is no phone number.
 */
export function phoneSearchTerm(numero: string | null | undefined): string | null {
  if (!numero) return null;
  const e164 = normaliseBrazilianPhone(numero);
  if (!e164) {
    const digits = numero.replace(/\D/g, '');
    return digits.length >= 8 ? digits : null;
  }
  return e164.startsWith(`+${BR}`) ? e164.slice(1 + BR.length) : e164.slice(1);
}

/**
 * The chat contact's name as a CRM name search, or null when it is no name: blank, one letter,
 * an e-mail, or a phone number (chats often name a contact by its number).
 */
export function nameSearchTerm(nome: string | null | undefined): string | null {
  const term = (nome ?? '').trim().replace(/\s+/g, ' ');
  if (term.length < 2) return null;
  if (term.includes('@') || PHONE_LIKE.test(term)) return null;
  return term;
}

const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

function byId(contacts: Contact[]): Map<string, Contact> {
  const map = new Map<string, Contact>();
  for (const contact of contacts) {
    const id = contactIdOf(contact);
    if (id !== null && !map.has(id)) map.set(id, contact);
  }
  return map;
}

export interface SuggestionInput {
  numero: string | null | undefined;
  nome: string | null | undefined;
}

/**
 * Phone matches first (verified with `phonesMatch`: E.164, with and without the extra 9), then
 * name matches, exact names before partial ones. Each contact appears once.
 */
export function rankSuggestions(
  { numero, nome }: SuggestionInput,
  phoneResults: Contact[],
  nameResults: Contact[],
): ContactSuggestion[] {
  const nameMatches = byId(nameResults);
  const phoneMatches = [...byId(phoneResults)].filter(([, contact]) =>
    (contact.phones ?? []).some((item) => phonesMatch(item.phone, numero)),
  );
  const suggestions: ContactSuggestion[] = phoneMatches.map(([id, contact]) => ({
    id,
    contact,
    reason: nameMatches.has(id) ? 'phone-and-name' : 'phone',
  }));

  const taken = new Set(suggestions.map((suggestion) => suggestion.id));
  const wanted = fold(nome ?? '');
  const byName = [...nameMatches]
    .filter(([id]) => !taken.has(id))
    .sort(([, a], [, b]) => Number(fold(b.name) === wanted) - Number(fold(a.name) === wanted))
    .slice(0, MAX_NAME_SUGGESTIONS)
    .map(([id, contact]): ContactSuggestion => ({ id, contact, reason: 'name' }));

  return [...suggestions, ...byName].slice(0, MAX_SUGGESTIONS);
}

const NAMES = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

/**
 * The question asked before a contact is created with a phone the CRM already has, naming who
 * has it: 'Já existe um contato com este telefone: Rafael Souza. Criar mesmo assim?'.
 */
export function samePhoneQuestion(matches: readonly ContactSuggestion[]): string {
  const names = NAMES.format(matches.map((match) => match.contact.name));
  return matches.length === 1
    ? `Já existe um contato com este telefone: ${names}. Criar mesmo assim?`
    : `Já existem contatos com este telefone: ${names}. Criar mesmo assim?`;
}
