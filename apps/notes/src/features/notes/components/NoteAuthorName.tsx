import styled from 'styled-components';
import { useNoteAuthor } from '../hooks/useNoteAuthor';

export interface NoteAuthorNameProps {
  userId: string | null | undefined;
}

const StyledName = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const StyledPlaceholder = styled.span`
  display: inline-block;
  width: ${({ theme }) => theme.sizes.skeleton.width.label};
  height: ${({ theme }) => theme.sizes.skeleton.height.caption};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.skeleton};
  vertical-align: middle;
`;

export function NoteAuthorName({ userId }: NoteAuthorNameProps) {
  const author = useNoteAuthor(userId);
  if (author.status === 'loading') {
    return <StyledPlaceholder role="img" aria-label="Carregando autor..." />;
  }
  return <StyledName>{author.name}</StyledName>;
}
