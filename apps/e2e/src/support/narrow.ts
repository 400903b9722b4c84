import fs from 'node:fs';
import path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './browser';

/** Drawer widths real hosts give a plugin, and host-sim's expanded panel ('Expandir painel'). */
export const NARROW_WIDTHS = [320, 380, 420] as const;
export const HOST_EXPANDED_WIDTH = 760;
export const PANEL_WIDTHS = [...NARROW_WIDTHS, HOST_EXPANDED_WIDTH] as const;

/**
 * What sticks out sideways in a document: the page scrolling horizontally, an element that
 * scrolls horizontally or hides what does not fit (other than with an ellipsis), or one that
 * reaches past the window's left or right edge. Empty when nothing does.
 */
export function horizontalOverflow(frame: Frame | Page): Promise<string[]> {
  return frame.evaluate(() => {
    const found: string[] = [];
    const name = (element: Element): string => {
      const label =
        element.getAttribute('aria-label') ??
        element.getAttribute('role') ??
        (element.textContent ?? '').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}> ${label}`;
    };
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      found.push(`a página rola na horizontal (${root.scrollWidth} > ${root.clientWidth} px)`);
    }
    const clips = (element: Element): boolean => {
      for (let up = element.parentElement; up; up = up.parentElement) {
        if (up === document.body || up === document.documentElement) return false;
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (
        (style.overflowX === 'auto' || style.overflowX === 'scroll') &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        found.push(
          `${name(element)} rola na horizontal (${element.scrollWidth} > ${element.clientWidth} px)`,
        );
      }
      // Content cut by a box that hides what does not fit (an ellipsis is a chosen cut; a text
      // control scrolls its own long value).
      if (
        !(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
        (style.overflowX === 'hidden' || style.overflowX === 'clip') &&
        style.textOverflow !== 'ellipsis' &&
        element.clientWidth > 1 &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        found.push(
          `${name(element)} corta o conteúdo (${element.scrollWidth} > ${element.clientWidth} px)`,
        );
      }
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if ((box.right > window.innerWidth + 1 || box.left < -1) && !clips(element)) {
        found.push(
          `${name(element)} sai da janela (${Math.round(box.left)}–${Math.round(box.right)} de ${window.innerWidth} px)`,
        );
      }
    }
    return found;
  });
}

/** Sets host-sim's side panel width (its `--panel-width`), as a host's drawer would. */
export async function setPanelWidth(page: Page, width: number): Promise<void> {
  await page.evaluate((px) => {
    document.documentElement.style.setProperty('--panel-width', `${px}px`);
  }, width);
}

/** Sizes host-sim's modal frame: `width` wide, tall enough for the whole form. */
export async function setModalSize(page: Page, width: number, height = 1500): Promise<void> {
  await page.evaluate(
    ([w, h]) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe.modal-frame');
      if (!frame) throw new Error('nenhum modal aberto');
      frame.style.width = `${w}px`;
      frame.style.height = `${h}px`;
    },
    [width, height] as const,
  );
}

/**
 * Waits until the page and the given frames are at rest: two animation frames (so a width just set
 * has started its transition), then every animation and transition that ends. The page's 0.16 s
 * entry animation and host-sim's 0.2 s grid transition took a fixed 350 ms sleep before, twice per
 * width and screen (a minute of the narrow-panel journey spent asleep).
 */
export async function settled(...frames: Array<Page | Frame>): Promise<void> {
  await Promise.all(
    frames.map((frame) =>
      frame.evaluate(async () => {
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const ending = document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
        await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
      }),
    ),
  );
}

/** A screenshot of one element (an iframe: what it shows), kept beside the other artifacts. */
export async function screenshotOf(element: Locator, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await element.screenshot({ path: file });
  return file;
}
