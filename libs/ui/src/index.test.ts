import * as ui from './index';

describe('public surface', () => {
  it('exports the components the panel uses', () => {
    const names = [
      'theme',
      'PanelThemeProvider',
      'GlobalStyle',
      'Logo',
      'Button',
      'IconButton',
      'Icon',
      'Card',
      'TextInput',
      'TextArea',
      'Select',
      'Checkbox',
      'Spinner',
      'Alert',
      'PageWrapper',
      'Tabs',
      'Rating',
      'Skeleton',
      'ConfirmDialog',
      'SingleSelect',
      'MultiSelect',
      'FormikTextField',
      'FormikTextArea',
      'FormikSelect',
      'FormikCheckbox',
      'FormErrorBanner',
      'EmptyState',
      'InlineError',
      'DropdownMenu',
      'StatusBadge',
      'VisuallyHidden',
      'useDebouncedCallback',
      'NoContactState',
      'NoticeBanner',
      'useNotice',
    ];
    const exported = ui as Record<string, unknown>;
    expect(names.filter((name) => exported[name] === undefined)).toEqual([]);
  });
});
