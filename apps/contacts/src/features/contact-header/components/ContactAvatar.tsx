import styled from 'styled-components';

const StyledAvatar = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.sizes.avatar};
  height: ${({ theme }) => theme.sizes.avatar};
  border-radius: ${({ theme }) => theme.radii.round};
  background: ${({ theme }) => theme.colors.primarySubtle};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

export interface ContactAvatarProps {
  name: string;
}

/**
 * First letters of the first and last names ('Maria Oliveira' → 'MO'); words without a letter or
 * digit ('Maria (VIP)', 'Ana - SP') and the signs around them are skipped: 'Maria (VIP)' → 'MV'.
 */
export function initialsOf(name: string): string {
  const words = name.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** Decorative initials beside the contact's name. */
export function ContactAvatar({ name }: ContactAvatarProps) {
  return <StyledAvatar aria-hidden="true">{initialsOf(name)}</StyledAvatar>;
}
