import './theme/styled';

export { theme, type Theme, type SpaceToken } from './theme/theme';
export {
  PanelThemeProvider,
  type PanelThemeProviderProps,
  withPanelTheme,
} from './theme/PanelThemeProvider';
export { GlobalStyle } from './theme/GlobalStyle';
export { focusRing, hiddenInput, visuallyHidden } from './theme/mixins';

export { Logo, type LogoProps, type LogoSize } from './components/Logo';
export {
  LiveField,
  type LiveFieldProps,
  highlightLiveFields,
  liveRecordKey,
  LIVE_CHANGED_ATTRIBUTE,
  LIVE_FIELD_ATTRIBUTE,
  LIVE_FIELD_HIGHLIGHT_MS,
  LIVE_RECORD_ATTRIBUTE,
} from './components/LiveField';
export { Button, type ButtonProps, type ButtonVariant, type ButtonSize } from './components/Button';
export { IconButton, type IconButtonProps, type IconButtonVariant } from './components/IconButton';
export { Icon, type IconName, type IconProps } from './components/Icon';
export { Card, type CardProps } from './components/Card';
export { Spinner, type SpinnerProps, type SpinnerVariant } from './components/Spinner';
export { Alert, type AlertProps, type AlertTone } from './components/Alert';
export { NewTabLink, type NewTabLinkProps } from './components/NewTabLink';
export {
  LinkToCopy,
  useCopyLink,
  type CopyLink,
  type LinkToCopyProps,
} from './components/LinkToCopy';
export { PageWrapper, type PageWrapperProps } from './components/PageWrapper';
export { Tabs, type TabsProps, type TabItem } from './components/Tabs';
export { Rating, type RatingProps } from './components/Rating';
export {
  Skeleton,
  type SkeletonHeight,
  type SkeletonProps,
  type SkeletonVariant,
  type SkeletonWidth,
} from './components/Skeleton';
export {
  ConfirmDialog,
  type ConfirmDialogAlternative,
  type ConfirmDialogProps,
  type ConfirmDialogTone,
} from './components/ConfirmDialog';
export { EmptyState, type EmptyStateProps } from './components/EmptyState';
export {
  NoContactState,
  type NoContactStateProps,
  NO_CONTACT_REASONS,
} from './components/NoContactState';
export { InlineError, type InlineErrorProps } from './components/InlineError';
export { NoticeBanner, type NoticeBannerProps } from './components/NoticeBanner';
export {
  DropdownMenu,
  type DropdownMenuProps,
  type DropdownMenuItem,
} from './components/DropdownMenu';
export { StatusBadge, type StatusBadgeProps, type StatusBadgeTone } from './components/StatusBadge';
export { VisuallyHidden } from './components/VisuallyHidden';
export { Stack, type StackProps } from './components/Stack';

export { TextInput, type TextInputProps } from './forms/TextInput';

export { SingleSelect, type SingleSelectProps } from './dropdowns/SingleSelect';
export { DROPDOWN_TEXTS } from './dropdowns/dropdownTexts';
export type { DropdownOption } from '@crm-panel/crm-model';

// Formik-bound fields and the modal forms' frame: `@crm-panel/ui/form-kit`; the plain fields only
// forms use (TextArea, Select, Checkbox, MultiSelect): `@crm-panel/ui/fields`.
export { FormErrorBanner, type FormErrorBannerProps } from './formik/FormErrorBanner';

export { useDebouncedCallback, type DebouncedCallback } from './hooks/useDebouncedCallback';
export { useNotice, type Notice, type NoticeState, type NoticeTone } from './hooks/useNotice';
