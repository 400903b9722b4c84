export { NBSP, formatBRL, formatPercent, formatDiscount } from './money';
export {
  type DateInput,
  type DayGroup,
  toDate,
  formatDate,
  formatTime,
  formatDateTime,
  toDateInputValue,
  maskDateText,
  parseDateText,
  dayGroupLabel,
  groupByDay,
} from './dates';
export { startOfDayIn, formatDateTimeIn } from './zonedDates';
export { truncate } from './text';
export {
  type ProductTotalInput,
  type ProductTotalEstimate,
  estimateProductTotal,
} from './productTotal';
export {
  chatMessageDate,
  sortOldestFirst,
  sortNewestFirst,
  formatChatMessage,
  formatChatImport,
} from './chatImport';
// Phones (libphonenumber-js, ~28 KB gz) and note HTML (DOMPurify, ~11 KB gz) are entries of their
// own, `@crm-panel/format/phone` and `@crm-panel/format/sanitize`: the main panel needs neither, and a
// shared module is downloaded whole.
