import type { Frame, Locator, Page } from 'playwright-core';
import { layoutSlips, NARROW_WIDTHS, screenshotOf, setModalSize, setPanelWidth } from './narrow';

const PANEL = 'iframe[title="Painel CRM"]';
const MODAL = 'iframe.modal-frame';

async function frameOf(page: Page, selector: string): Promise<Frame> {
  const frame = await (await page.locator(selector).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`sem frame em ${selector}`);
  return frame;
}

/** The document of host-sim's side panel (the shell). */
export const panelFrame = (page: Page): Promise<Frame> => frameOf(page, PANEL);

/** What sticks out sideways, per drawer width; `{ 320: [], 380: [], 420: [] }` when nothing. */
export type OverflowByWidth = Record<number, string[]>;

const settle = (page: Page) => page.waitForTimeout(350); // the 0.16 s page animation, the grid's 0.2 s

/**
 * One screen at the drawer widths real hosts give (320, 380, 420 px), each saved as
 * `<name>-<width>.png` and checked for anything that sticks out sideways. `frame` reads the
 * document to check, `shot` is what the screenshot shows.
 */
async function atNarrowWidths(
  page: Page,
  name: string,
  resize: (width: number) => Promise<void>,
  frame: () => Promise<Frame>,
  shot: Locator,
  /** Makes room for the whole screen before it is checked again and saved. */
  grow?: () => Promise<void>,
): Promise<OverflowByWidth> {
  const found: OverflowByWidth = {};
  for (const width of NARROW_WIDTHS) {
    await resize(width);
    await settle(page);
    const seen = await layoutSlips(await frame());
    if (grow) {
      await grow();
      seen.push(...(await layoutSlips(await frame())));
    }
    found[width] = [...new Set(seen)];
    await screenshotOf(shot, `${name}-${width}`);
  }
  return found;
}

/** Tall enough for a whole panel screen in one screenshot. */
const TALL = 2400;

/**
 * The side panel at 320, 380 and 420 px (left at 420, host-sim's own width): checked at the
 * page's height (a vertical scrollbar) and tall, and saved tall, so the picture shows it whole.
 */
export async function shootPanel(page: Page, name: string): Promise<OverflowByWidth> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('página sem viewport');
  const found = await atNarrowWidths(
    page,
    name,
    async (width) => {
      await page.setViewportSize(viewport);
      await setPanelWidth(page, width);
    },
    () => panelFrame(page),
    page.locator(PANEL),
    async () => {
      await page.setViewportSize({ width: viewport.width, height: TALL });
      await settle(page);
    },
  );
  await page.setViewportSize(viewport);
  await setPanelWidth(page, 420);
  return found;
}

/**
 * The form open in the host's modal at 320, 380 and 420 px wide and `height` tall (the page grows
 * to hold it), then back to the host's size and the page's.
 */
export async function shootModal(
  page: Page,
  name: string,
  height = TALL - 200,
): Promise<OverflowByWidth> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('página sem viewport');
  await page.setViewportSize({
    width: viewport.width,
    height: Math.max(viewport.height, height + 200),
  });
  const found = await atNarrowWidths(
    page,
    name,
    (width) => setModalSize(page, width, height),
    () => frameOf(page, MODAL),
    page.locator(MODAL),
  );
  // The host's own size for its modal again.
  await page.evaluate((selector) => {
    const frame = document.querySelector<HTMLIFrameElement>(selector);
    frame?.style.removeProperty('width');
    frame?.style.removeProperty('height');
  }, MODAL);
  await page.setViewportSize(viewport);
  return found;
}

/** Nothing stuck out at any of the narrow widths. */
export const NO_OVERFLOW: OverflowByWidth = Object.fromEntries(
  NARROW_WIDTHS.map((width) => [width, []]),
);
