import styled from 'styled-components';
import { visuallyHidden } from '../theme/mixins';

/** Text read by assistive technology but not shown. */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
