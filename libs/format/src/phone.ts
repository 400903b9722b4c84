import { parsePhoneNumberFromString } from 'libphonenumber-js';

const BR_CALLING_CODE = '55';

/**
 * A Brazilian national number (area code + subscriber) in its current form, or null.
 * Mobiles dialled before the 2016 migration (8 digits starting 6–9) get their extra 9 back.
 */
function canonicalNational(national: string): string | null {
  if (national.length !== 10 && national.length !== 11) return null;
  if (!/^[1-9]{2}/.test(national)) return null;
  const area = national.slice(0, 2);
  const subscriber = national.slice(2);
  if (subscriber.length === 9) return subscriber.startsWith('9') ? national : null;
  if (/^[2-5]/.test(subscriber)) return national;
  if (/^[6-9]/.test(subscriber)) return `${area}9${subscriber}`;
  return null;
}

/** Digits of a number written without '+' or 00: strips a trunk 0, a carrier code and 55. */
function nationalFromDomestic(digits: string): string {
  if (digits.startsWith('0')) {
    const rest = digits.slice(1);
    // 0 + carrier (2 digits) + area code + subscriber.
    return rest.length === 12 || rest.length === 13 ? rest.slice(2) : rest;
  }
  if (digits.startsWith(BR_CALLING_CODE) && (digits.length === 12 || digits.length === 13)) {
    return digits.slice(2);
  }
  return digits;
}

/** Country code onwards for numbers written with '+' or the 00 (+ carrier) exit code. */
function internationalDigits(trimmed: string, digits: string): string | null {
  if (trimmed.startsWith('+')) return digits;
  if (!digits.startsWith('00')) return null;
  const rest = digits.slice(2);
  if (rest.startsWith(BR_CALLING_CODE)) return rest;
  // Brazil dials out as 00 + carrier (2 digits) + country code.
  const afterCarrier = rest.slice(2);
  if (
    afterCarrier.startsWith(BR_CALLING_CODE) &&
    (afterCarrier.length === 12 || afterCarrier.length === 13)
  ) {
    return afterCarrier;
  }
  return rest;
}

/**
 * E.164 form ('+5511987654321') of a phone as people type it: with or without +55, a trunk 0,
 * a carrier code, punctuation, and Brazilian mobiles with or without the extra 9.
 * Numbers of other countries need a leading '+' (or 00). Null when it is not a full number
 * (e.g. no area code).
 */
export function normaliseBrazilianPhone(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 8) return null;
  const international = internationalDigits(trimmed, digits);
  if (international !== null && !international.startsWith(BR_CALLING_CODE)) {
    const parsed = parsePhoneNumberFromString(`+${international}`);
    return parsed && parsed.isPossible() ? parsed.number : null;
  }
  const national = international !== null ? international.slice(2) : nationalFromDomestic(digits);
  const canonical = canonicalNational(national);
  return canonical ? `+${BR_CALLING_CODE}${canonical}` : null;
}

/** The local subscriber number with the mobile 9 restored, for numbers typed without area code. */
function subscriberOf(raw: string): string | null {
  const normalised = normaliseBrazilianPhone(raw);
  if (normalised) {
    return normalised.startsWith(`+${BR_CALLING_CODE}`) ? normalised.slice(5) : null;
  }
  const digits = raw.replace(/\D/g, '');
  if (digits.length === 9) return digits.startsWith('9') ? digits : null;
  if (digits.length === 8) return /^[6-9]/.test(digits) ? `9${digits}` : digits;
  return null;
}

/**
 * Whether two typed phones are the same line. Full numbers must match exactly after
 * normalisation; when one side has no area code, the subscriber numbers are compared.
 */
export function phonesMatch(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const fullA = normaliseBrazilianPhone(a);
  const fullB = normaliseBrazilianPhone(b);
  if (fullA && fullB) return fullA === fullB;
  const subA = subscriberOf(a);
  const subB = subscriberOf(b);
  return subA !== null && subA === subB;
}
