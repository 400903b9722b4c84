import {
  DROPDOWN_LIST_MAX_HEIGHT,
  PAGE_MAX_WIDTH,
  PAGE_TRANSITION_SECONDS,
  PAGE_WIDTH,
} from '@crm-panel/crm-model';

// Text colours are chosen for at least 4.5:1 contrast on `surface` and on their `*Subtle` fills.
const colors = {
  primary: '#1a6bff',
  primaryHover: '#0f5ae6',
  primaryActive: '#0a47bd',
  primarySubtle: '#ebf2ff',
  primaryBorder: '#b3ceff',
  primaryText: '#0a4fd1',
  onPrimary: '#ffffff',

  danger: '#d92d20',
  dangerHover: '#b42318',
  dangerActive: '#912018',
  dangerSubtle: '#fef3f2',
  dangerBorder: '#fecdca',
  dangerText: '#b42318',
  onDanger: '#ffffff',

  success: '#12b76a',
  successSubtle: '#ecfdf3',
  successBorder: '#abefc6',
  successText: '#067647',

  warning: '#f79009',
  warningSubtle: '#fffaeb',
  warningBorder: '#fedf89',
  warningText: '#93370d',

  info: '#1a6bff',
  infoSubtle: '#ebf2ff',
  infoBorder: '#b3ceff',
  infoText: '#0a4fd1',

  neutralSubtle: '#f2f4f7',
  neutralBorder: '#d0d5dd',
  neutralText: '#344054',

  text: '#101828',
  textSecondary: '#475467',
  textMuted: '#5d6b82',
  textDisabled: '#98a2b3',
  textOnDark: '#ffffff',

  background: '#f5f7fa',
  surface: '#ffffff',
  surfaceMuted: '#f9fafb',
  surfaceHover: '#f2f4f7',
  surfaceSelected: '#ebf2ff',

  border: '#d0d5dd',
  borderStrong: '#98a2b3',
  borderSubtle: '#eaecf0',

  star: '#f5a500',
  starEmpty: '#d0d5dd',

  skeleton: '#eaecf0',

  overlay: 'rgba(16, 24, 40, 0.48)',
  overlaySurface: 'rgba(255, 255, 255, 0.72)',
  focusRing: 'rgba(26, 107, 255, 0.32)',
  dangerFocusRing: 'rgba(217, 45, 32, 0.28)',
} as const;

/** 4/8 px scale: `space[2]` is 8px. */
const space = {
  0: '0',
  0.5: '2px',
  1: '4px',
  1.5: '6px',
  2: '8px',
  3: '12px',
  4: '16px',
  5: '20px',
  6: '24px',
  8: '32px',
  10: '40px',
  12: '48px',
} as const;

/** Whole border shorthands, so a line's weight and colour change in one place. */
const borders = {
  subtle: `1px solid ${colors.borderSubtle}`,
  default: `1px solid ${colors.border}`,
  primary: `1px solid ${colors.primaryBorder}`,
  dashed: `1px dashed ${colors.border}`,
  timeline: `2px solid ${colors.borderSubtle}`,
  quote: `3px solid ${colors.border}`,
  /** A ring around a small marker drawn over a surface (the timeline's dot). */
  markerRing: `2px solid ${colors.surface}`,
  focusOutline: `2px solid ${colors.primary}`,
} as const;

export const theme = {
  colors,
  space,
  borders,
  /** Widths below which a layout stacks (a drawer of 380 px up to a full page). */
  /** `xs`: the narrowest drawers hosts give a plugin (320–360 px), where every pixel of a row counts. */
  breakpoints: { xs: '360px', sm: '480px', md: '560px' },
  radii: { sm: '4px', md: '8px', lg: '12px', pill: '999px', round: '50%' },
  shadows: {
    xs: '0 1px 2px rgba(16, 24, 40, 0.05)',
    sm: '0 1px 3px rgba(16, 24, 40, 0.08), 0 1px 2px rgba(16, 24, 40, 0.04)',
    md: '0 4px 8px -2px rgba(16, 24, 40, 0.08), 0 2px 4px -2px rgba(16, 24, 40, 0.04)',
    lg: '0 12px 16px -4px rgba(16, 24, 40, 0.08), 0 4px 6px -2px rgba(16, 24, 40, 0.03)',
    xl: '0 20px 24px -4px rgba(16, 24, 40, 0.1), 0 8px 8px -4px rgba(16, 24, 40, 0.04)',
    focus: `0 0 0 3px ${colors.focusRing}`,
    dangerFocus: `0 0 0 3px ${colors.dangerFocusRing}`,
  },
  fonts: {
    body: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "'JetBrains Mono', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.8125rem',
    md: '0.875rem',
    lg: '1rem',
    xl: '1.125rem',
    xxl: '1.375rem',
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeights: { tight: 1.25, normal: 1.5 },
  sizes: {
    control: { sm: '32px', md: '38px', lg: '44px' },
    dropdownListMaxHeight: DROPDOWN_LIST_MAX_HEIGHT,
    dialogWidth: '440px',
    icon: { sm: '14px', md: '16px', lg: '20px' },
    avatar: '40px',
    timelineDot: '9px',
    /** Gap between a focused control and its outline. */
    outlineOffset: { sm: '1px', md: '2px' },
    /** Widths of a page's content column: a prompt, a form, a wide form or manager. */
    content: { narrow: '520px', form: '560px', standalone: '600px', wide: '720px' },
    /** The smallest column of a responsive field grid, from dense to roomy. */
    gridColumn: { sm: '180px', md: '200px', lg: '220px', xl: '240px' },
    /** The standalone dev page's stand-in for the host's modal. */
    standaloneModal: { width: '600px', maxHeight: '700px' },
    /** A list that scrolls inside a page: short (a chat's messages) or roomy (CRM users). */
    listMaxHeight: { md: '18rem', lg: '20rem' },
    /** Where a row's flexible item wraps: a product's name, a suggestion's text. */
    flexBasis: { md: '12rem', lg: '14rem' },
    /** The smallest column of a compact details grid (a deal product's figures). */
    detailColumn: '7.5rem',
    /**
     * Placeholders while content loads, sized like what they stand for: short texts by width,
     * one line or a control by height, blocks by the content they hold.
     */
    skeleton: {
      width: { short: '6rem', label: '7rem', name: '10rem' },
      height: {
        caption: '0.75rem',
        text: '0.875rem',
        line: '1rem',
        title: '1.125rem',
        badge: '1.5rem',
        avatar: '40px',
        control: '38px',
        button: '44px',
        field: '60px',
        note: '72px',
        textarea: '96px',
        login: '120px',
        product: '128px',
        section: '140px',
        list: '160px',
        card: '180px',
        report: '240px',
        form: '420px',
      },
    },
  },
  letterSpacings: { caps: '0.02em' },
  layout: { pageWidth: PAGE_WIDTH, pageMaxWidth: PAGE_MAX_WIDTH },
  motion: {
    fast: '120ms ease',
    normal: '180ms ease',
    pageSeconds: PAGE_TRANSITION_SECONDS,
    pageEasing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
  zIndices: { dropdown: 30, overlay: 40, dialog: 50, fullscreen: 60 },
} as const;

export type Theme = typeof theme;
export type SpaceToken = keyof Theme['space'];
