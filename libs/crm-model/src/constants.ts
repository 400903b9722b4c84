import type { BILLING_FREQUENCIES, Rating } from './enums';

// Spec §9, each named once. Durations in ms unless the name says otherwise.

export const REQUEST_TIMEOUT_MS = 10_000;

/** Page size of dropdowns, notes, tasks, products, deals, stages and users. */
export const PAGE_SIZE = 200;
/** Organization search in the contact-edit and create-deal modals. */
export const ORGANIZATION_SEARCH_PAGE_SIZE = 50;

export const DROPDOWN_SEARCH_DEBOUNCE_MS = 600;
export const SCROLL_LOAD_THRESHOLD_PX = 50;
export const SCROLL_LOAD_DELAY_MS = 200;
export const DROPDOWN_LIST_MAX_HEIGHT = '15rem';

export const RATING_MAX = 5;
export const RATING_VALUES: readonly Rating[] = [1, 2, 3, 4, 5];
export const DEAL_RATING_DEFAULT = 0;

/** Longest note body; also the api's limit of a task description and a text custom field. */
export const NOTE_MAX_LENGTH = 5_000;
export const NOTE_PREVIEW_LENGTH = 200;
export const TRUNCATION_SUFFIX = '...';

export const SECURITY_PASSWORD_MIN_LENGTH = 6;
export const TASK_DESCRIPTION_MIN_LENGTH = 3;
export const TASK_CREATE_STATUS = 'open';

export const DISCOUNT_PERCENTAGE_MAX = 100;
export const DEFAULT_QUANTITY = 1;
export const DEFAULT_BILLING_FREQUENCY: (typeof BILLING_FREQUENCIES)[number] = 'one-time';
export const PRODUCT_DESCRIPTION_SUBTITLE_LENGTH = 60;

export const AUTH_WINDOW = { width: 600, height: 700 } as const;
export const AUTH_POLL_INTERVAL_MS = 500;
export const AUTH_SUCCESS_CLOSE_DELAY_MS = 1_500;
export const AUTH_START_ERROR_CLOSE_DELAY_MS = 3_000;
export const AUTH_STATUS_ERROR_CLOSE_DELAY_MS = 2_000;

export const RELOAD_AFTER_REMOVAL_MS = 2_000;
export const RELOAD_AFTER_LOGOUT_MS = 500;

/** Guards and the manager modal wait up to 50 × 100 ms for the host user info. */
export const HOST_INFO_MAX_TRIES = 50;
export const HOST_INFO_RETRY_MS = 100;

/** Task and product modals load their data this long after mounting. */
export const FORM_DATA_LOAD_DELAY_MS = 5_000;

export const PAGE_TRANSITION_SECONDS = 0.16;
export const PAGE_WIDTH = '90%';
export const PAGE_MAX_WIDTH = '1400px';
