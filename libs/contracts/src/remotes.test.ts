import { REMOTE_NAMES, type RemoteModuleId, type RemoteName } from './remotes';

describe('remote contracts', () => {
  it('names the six remotes of the design', () => {
    expect([...REMOTE_NAMES].sort()).toEqual(
      ['contacts', 'credentials', 'deal', 'notes', 'products', 'tasks'].sort(),
    );
  });

  it('prefixes every exposed module id with a remote name', () => {
    const ids: RemoteModuleId[] = [
      'deal/DealToolbar',
      'deal/DealGeneralTab',
      'notes/NotesTab',
      'tasks/TasksTab',
      'products/ProductsTab',
      'contacts/ContactHeader',
      'credentials/CredentialsNeeded',
    ];
    for (const id of ids) {
      expect(REMOTE_NAMES).toContain(id.split('/')[0] as RemoteName);
    }
  });
});
