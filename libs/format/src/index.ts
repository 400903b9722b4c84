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
export { type NoteSanitizer, createNoteSanitizer, sanitizeNoteHtml, htmlToText } from './sanitize';
export { normaliseBrazilianPhone, phonesMatch } from './phone';
