import type { Browser, FrameLocator, Page } from 'playwright-core';
import { trackPageErrors } from './browser';
import type { Stack } from './stack';

/** host-sim's integrations: the spec's global object, our postMessage protocol, Novus's plugin. */
export const HOST_MODES = ['global', 'postMessage', 'novus'] as const;
export type HostMode = (typeof HOST_MODES)[number];

function hostModeFrom(value: string | undefined): HostMode {
  const mode = HOST_MODES.find((known) => known === (value ?? 'global'));
  if (!mode) throw new Error(`E2E_HOST_MODE=${value}: use ${HOST_MODES.join(', ')}`);
  return mode;
}

/**
 * The integration every journey opens host-sim in: `E2E_HOST_MODE=postMessage` (or `novus`) runs
 * the whole suite through that adapter; `global` by default.
 */
export const HOST_MODE: HostMode = hostModeFrom(process.env.E2E_HOST_MODE);

/**
 * Page URL parameters of a journey about the sign-in window itself: in host-sim's Novus mode, a
 * frame that may open windows (`novusMoldura=livre`), since its default frame opens none (the
 * sign-in from that frame, in a tab, is novus-sign-in's journey). Nothing in the other modes.
 */
export const WINDOWS_ALLOWED: Record<string, string> =
  HOST_MODE === 'novus' ? { novusMoldura: 'livre' } : {};

/** Drives host-sim (the chat platform) as an attendant would. */
export class HostSim {
  constructor(
    readonly page: Page,
    private readonly stack: Stack,
  ) {}

  /**
   * Opens host-sim as `usuario` in `modo`; `knobs` are more page URL parameters (host-sim README,
   * e.g. Novus's `novusMoldura`, `origemExtra`, `novusDemoraMs`, `mensagensPeloProxy`).
   */
  async open(
    usuario = 'user-ana',
    modo: HostMode = HOST_MODE,
    knobs: Record<string, string> = {},
  ): Promise<void> {
    const url = new URL(`${this.stack.url('host-sim')}/`);
    url.search = new URLSearchParams({ usuario, modo, ...knobs }).toString();
    await this.page.goto(url.toString());
    await this.page.getByRole('list', { name: 'Atendimentos' }).waitFor();
  }

  /** The side panel (the shell) embedded by the host. */
  get panel(): FrameLocator {
    return this.page.frameLocator('iframe[title="Painel CRM"]');
  }

  /** The form currently open in the host's modal overlay. */
  get modal(): FrameLocator {
    return this.page.frameLocator('iframe.modal-frame');
  }

  /** Resolves once the host has closed its modal overlay (the form's result reached the panel). */
  async modalClosed(): Promise<void> {
    await this.page.locator('iframe.modal-frame').waitFor({ state: 'detached', timeout: 15_000 });
  }

  async openAttendance(contactName: string): Promise<void> {
    await this.page.getByRole('list', { name: 'Atendimentos' }).getByText(contactName).click();
  }

  async closeAttendance(): Promise<void> {
    await this.page.getByRole('button', { name: 'Encerrar atendimento' }).click();
  }

  /** Loads the panel's page again, as a host does with a plugin loaded after a chat is open. */
  async reloadPanel(): Promise<void> {
    const frame = await this.panelFrame();
    await frame.goto(frame.url());
  }

  /** Loads the panel's page at another of its routes (its host parameters kept). */
  async openPanelAt(pathname: string): Promise<void> {
    const frame = await this.panelFrame();
    const url = new URL(frame.url());
    url.pathname = pathname;
    await frame.goto(url.toString());
  }

  /**
   * Loads the panel's page with more plugin URL parameters, as an admin who edits the plugin's
   * URL in the host's registration (e.g. Novus's `hostUserIdField`).
   */
  async reloadPanelWith(params: Record<string, string>): Promise<void> {
    const frame = await this.panelFrame();
    const url = new URL(frame.url());
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    await frame.goto(url.toString());
  }

  private async panelFrame() {
    const handle = await this.page.locator('iframe[title="Painel CRM"]').elementHandle();
    const frame = handle ? await handle.contentFrame() : null;
    if (!frame) throw new Error('o painel não foi encontrado');
    return frame;
  }
}

export interface OpenedHostSim {
  sim: HostSim;
  page: Page;
  /** Uncaught errors of the page, for a journey to expect none. */
  errors: Error[];
}

/** A new page (its own browser context) with host-sim open as `usuario`. */
export async function openHostSim(
  browser: Browser,
  stack: Stack,
  usuario: string,
  viewport = { width: 1280, height: 1100 },
  mode: HostMode = HOST_MODE,
  /** More page URL parameters (`HostSim.open`'s knobs). */
  knobs: Record<string, string> = {},
): Promise<OpenedHostSim> {
  const page = await browser.newPage({ viewport });
  const errors = trackPageErrors(page);
  const sim = new HostSim(page, stack);
  await sim.open(usuario, mode, knobs);
  return { sim, page, errors };
}
