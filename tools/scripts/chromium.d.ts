// Types of chromium.js for the TypeScript journeys.
export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
