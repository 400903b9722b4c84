import * as fields from './fields';
import * as kit from './form-kit';
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
      'Spinner',
      'Alert',
      'PageWrapper',
      'Tabs',
      'Rating',
      'Skeleton',
      'ConfirmDialog',
      'SingleSelect',
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

  it('leaves Formik to the form kit, so the main panel never loads it', () => {
    const exported = Object.keys(ui as Record<string, unknown>);
    expect(exported.filter((name) => name.startsWith('Formik'))).toEqual([]);
  });

  it('leaves the fields only forms use to @crm-panel/ui/fields, so the main panel never loads them', () => {
    const formOnly = ['TextArea', 'Select', 'Checkbox', 'MultiSelect'];
    const exported = ui as Record<string, unknown>;
    expect(formOnly.filter((name) => exported[name] !== undefined)).toEqual([]);
    const inFields = fields as Record<string, unknown>;
    expect(formOnly.filter((name) => typeof inFields[name] !== 'function')).toEqual([]);
  });

  it('gives the modal forms their kit from @crm-panel/ui/form-kit', () => {
    const names = [
      'ModalPage',
      'FormLayout',
      'FormRow',
      'FormActions',
      'FormikFormLayout',
      'FormikTextField',
      'FormikTextArea',
      'FormikSelect',
      'FormikCheckbox',
      'FormikDateField',
      'DateField',
      'FormikSingleSelect',
      'FormikMultiSelect',
    ];
    const exported = kit as Record<string, unknown>;
    expect(names.filter((name) => exported[name] === undefined)).toEqual([]);
  });
});
