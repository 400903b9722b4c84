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

/**
 * What reads wrong in a document although nothing sticks out: two pieces of text drawn over each
 * other (each text's line boxes, cut to what its scrolling or clipping boxes let show), an input's
 * placeholder wider than the input (cut without an ellipsis), and a form whose 'Cancelar' does not
 * come first (left of, or above, the buttons beside it: the order of every form). An open dialog
 * (a confirmation, a modal) is a layer of its own: its texts are checked against each other and
 * its buttons for their order, never against the page it covers by design. A list or a tooltip
 * laid over a page or a dialog is left out. Empty when fine.
 */
export function overlappingText(frame: Frame | Page): Promise<string[]> {
  return frame.evaluate(() => {
    const found: string[] = [];
    const LAYERED = '[role="listbox"], [role="tooltip"]';
    const DIALOG = '[role="dialog"], [role="alertdialog"]';
    type Box = { left: number; top: number; right: number; bottom: number };
    const intersect = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const visibleIn = (element: Element): Box | null => {
      let clip: Box = { left: 0, top: -1e6, right: window.innerWidth, bottom: 1e6 };
      for (let up: Element | null = element; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0')
          return null;
        // Visually hidden text (a label for screen readers only) is drawn nowhere.
        if (style.clip !== 'auto' || style.clipPath !== 'none') return null;
        if (style.overflowX !== 'visible' || style.overflowY !== 'visible')
          clip = intersect(clip, up.getBoundingClientRect());
      }
      return clip.right > clip.left && clip.bottom > clip.top ? clip : null;
    };
    const texts: { text: string; boxes: Box[]; layer: Element | null }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      if (!parent || (text.textContent ?? '').trim() === '' || parent.closest(LAYERED)) continue;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEXTAREA', 'OPTION'].includes(parent.tagName)) continue;
      const clip = visibleIn(parent);
      if (!clip) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const boxes = Array.from(range.getClientRects())
        .map((rect) => intersect(rect, clip))
        .filter((box) => box.right - box.left > 1 && box.bottom - box.top > 1);
      if (boxes.length > 0)
        texts.push({
          text: (text.textContent ?? '').trim(),
          boxes,
          layer: parent.closest(DIALOG),
        });
    }
    for (let i = 0; i < texts.length; i += 1) {
      for (let j = i + 1; j < texts.length; j += 1) {
        const a = texts[i];
        const b = texts[j];
        // A dialog covers the page (or another dialog) by design: only its own texts may not touch.
        if (!a || !b || a.layer !== b.layer) continue;
        const hit = a.boxes.some((boxA) =>
          b.boxes.some((boxB) => {
            const both = intersect(boxA, boxB);
            return both.right - both.left > 2 && both.bottom - both.top > 2;
          }),
        );
        if (hit) found.push(`"${a.text.slice(0, 40)}" sobrepõe "${b.text.slice(0, 40)}"`);
      }
    }
    // A placeholder cut by its input (the browser draws it without an ellipsis).
    const canvas = document.createElement('canvas').getContext('2d');
    for (const input of Array.from(
      document.querySelectorAll<HTMLInputElement>('input[placeholder]'),
    )) {
      if (input.value !== '' || !input.placeholder || !canvas || !visibleIn(input)) continue;
      const style = getComputedStyle(input);
      const drawn = getComputedStyle(input, '::placeholder');
      if (input.getBoundingClientRect().width <= 1) continue;
      canvas.font = `${drawn.fontStyle} ${drawn.fontWeight} ${drawn.fontSize} ${drawn.fontFamily}`;
      const room =
        input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const needs = canvas.measureText(input.placeholder).width;
      if (needs > room + 1)
        found.push(
          `o placeholder "${input.placeholder}" não cabe (${Math.ceil(needs)} > ${Math.floor(room)} px)`,
        );
    }
    // A placeholder a select draws as text (`data-placeholder`), cut with an ellipsis.
    for (const shown of Array.from(document.querySelectorAll('[data-placeholder]'))) {
      if (!visibleIn(shown) || shown.clientWidth <= 1) continue;
      if (shown.scrollWidth > shown.clientWidth + 1)
        found.push(
          `o placeholder "${(shown.textContent ?? '').trim()}" não cabe (${shown.scrollWidth} > ${shown.clientWidth} px)`,
        );
    }
    // 'Cancelar' first among the buttons of its row (left of them, or above when they wrap).
    for (const cancel of Array.from(document.querySelectorAll('button'))) {
      if ((cancel.textContent ?? '').trim() !== 'Cancelar' || cancel.closest(LAYERED)) continue;
      const row = cancel.parentElement;
      if (!row || !visibleIn(cancel)) continue;
      const mine = cancel.getBoundingClientRect();
      for (const other of Array.from(row.children)) {
        if (other === cancel || other.tagName !== 'BUTTON') continue;
        const box = other.getBoundingClientRect();
        if (box.width <= 1) continue;
        const sameRow = Math.abs(box.top - mine.top) < mine.height / 2;
        if (sameRow ? box.left < mine.left : box.top < mine.top)
          found.push(`"${(other.textContent ?? '').trim()}" vem antes de "Cancelar"`);
      }
    }
    return found;
  });
}

/** Everything the narrow checks look for: what sticks out (horizontalOverflow) and what reads wrong (overlappingText). */
export async function layoutSlips(frame: Frame | Page): Promise<string[]> {
  return [...(await horizontalOverflow(frame)), ...(await overlappingText(frame))];
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
