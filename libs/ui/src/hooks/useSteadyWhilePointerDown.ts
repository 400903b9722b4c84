import { useRef, useSyncExternalStore } from 'react';

/**
 * Whether a pointer (mouse button, finger, pen) is down anywhere in this window. Released one task
 * after it comes up, so the click that follows the release is dispatched first.
 */
let held = false;
const listeners = new Set<() => void>();
let releaseTimer: ReturnType<typeof setTimeout> | undefined;

function setHeld(next: boolean): void {
  if (held === next) return;
  held = next;
  listeners.forEach((listener) => listener());
}

function onDown(): void {
  if (releaseTimer !== undefined) clearTimeout(releaseTimer);
  releaseTimer = undefined;
  setHeld(true);
}

function onUp(): void {
  if (releaseTimer !== undefined) clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => {
    releaseTimer = undefined;
    setHeld(false);
  }, 0);
}

/** The window losing focus ends a press too (the pointer-up may never reach this document). */
function onWindowBlur(event: FocusEvent): void {
  if (event.target === window) onUp();
}

const UP_EVENTS = ['pointerup', 'pointercancel', 'dragend'] as const;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('pointerdown', onDown, true);
    UP_EVENTS.forEach((name) => window.addEventListener(name, onUp, true));
    window.addEventListener('blur', onWindowBlur);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('pointerdown', onDown, true);
    UP_EVENTS.forEach((name) => window.removeEventListener(name, onUp, true));
    window.removeEventListener('blur', onWindowBlur);
    held = false;
  };
}

const isHeld = () => held;
const notHeldOnServer = () => false;

/**
 * `value` as it was when the pointer went down, until the pointer is released.
 *
 * A field validated on blur is blurred by the mouse-down on the next button: a message inserted
 * then pushes that button from under the pointer before mouse-up, and the click is lost. Fields
 * show their message through this, so nothing above a button moves while it is being pressed.
 */
export function useSteadyWhilePointerDown<T>(value: T): T {
  const pointerDown = useSyncExternalStore(subscribe, isHeld, notHeldOnServer);
  const steady = useRef(value);
  if (!pointerDown) steady.current = value;
  return steady.current;
}
