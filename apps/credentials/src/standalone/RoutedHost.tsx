import { useNavigate } from 'react-router-dom';
import { FakeHostProvider, type FakeHostAdapter } from '@crm-panel/host-bridge/testing';
import { type MockWorld } from './mockWorld';
import { StandalonePage } from './StandalonePage';

export interface RoutedHostProps {
  adapter: FakeHostAdapter;
  world: MockWorld;
}

/** The fake host, navigating with the router (forms' last fallback). */
export function RoutedHost({ adapter, world }: RoutedHostProps) {
  const navigate = useNavigate();
  return (
    <FakeHostProvider adapter={adapter} navigate={navigate}>
      <StandalonePage world={world} bare={window.opener !== null} />
    </FakeHostProvider>
  );
}
