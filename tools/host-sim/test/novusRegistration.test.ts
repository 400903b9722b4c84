import { readRegistration } from '@host-sim/client/novusHost';

// The widgetbar item as plugin.js registers it, and with the icon under the names only earlier
// research read as accepted.
const initialize = (icon: Record<string, string>) => ({
  command: 'initialize',
  id: 'painel-crm',
  args: { widgetbar: [{ id: 'painel', text: 'Painel CRM', ...icon }] },
});

describe('readRegistration: the widgetbar icon', () => {
  it('draws the icon from icon_url, the one key the example sends', () => {
    expect(readRegistration(initialize({ icon_url: '/icone.svg' }))?.widgetbar).toEqual([
      { id: 'painel', text: 'Painel CRM', icon_url: '/icone.svg' },
    ]);
  });

  it('leaves icone_url and icon out by default (the generic piece is drawn)', () => {
    for (const key of ['icone_url', 'icon'])
      expect(readRegistration(initialize({ [key]: '/icone.svg' }))?.widgetbar).toEqual([
        { id: 'painel', text: 'Painel CRM' },
      ]);
  });

  it('takes icone_url and icon as the icon under the knob novusIconeAliases', () => {
    for (const key of ['icone_url', 'icon'])
      expect(readRegistration(initialize({ [key]: '/icone.svg' }), true)?.widgetbar).toEqual([
        { id: 'painel', text: 'Painel CRM', icon_url: '/icone.svg' },
      ]);
  });
});
