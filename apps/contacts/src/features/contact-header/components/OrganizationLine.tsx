import styled from 'styled-components';
import { Skeleton, VisuallyHidden } from '@crm-panel/ui';

const StyledOrganization = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.textSecondary};
  overflow-wrap: anywhere;
`;

export interface OrganizationLineProps {
  organizationId: string | null;
  name: string | null;
  loading: boolean;
  failed: boolean;
}

/** The contact's organization, under its name. */
export function OrganizationLine({ organizationId, name, loading, failed }: OrganizationLineProps) {
  if (organizationId === null) return <StyledOrganization>Sem organização</StyledOrganization>;
  if (loading) return <Skeleton width="name" label="Carregando organização..." />;
  if (failed || name === null) {
    return <StyledOrganization>Organização indisponível</StyledOrganization>;
  }
  return (
    <StyledOrganization>
      <VisuallyHidden>Organização: </VisuallyHidden>
      {name}
    </StyledOrganization>
  );
}
