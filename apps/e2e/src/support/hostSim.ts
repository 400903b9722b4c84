import type { Browser, FrameLocator, Page } from 'playwright-core';
import { trackPageErrors } from './browser';
import type { Stack } from './stack';

/** Drives host-sim (the chat platform) as an attendant would. */
export class HostSim {
  constructor(
    readonly page: Page,
    private readonly stack: Stack,
  ) {}

  async open(usuario = 'user-ana', modo: 'global' | 'postMessage' = 'global'): Promise<void> {
    await this.page.goto(`${this.stack.url('host-sim')}/?usuario=${usuario}&modo=${modo}`);
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

  async openAttendance(contactName: string): Promise<void> {
    await this.page.getByRole('list', { name: 'Atendimentos' }).getByText(contactName).click();
  }

  async closeAttendance(): Promise<void> {
    await this.page.getByRole('button', { name: 'Encerrar atendimento' }).click();
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
): Promise<OpenedHostSim> {
  const page = await browser.newPage({ viewport });
  const errors = trackPageErrors(page);
  const sim = new HostSim(page, stack);
  await sim.open(usuario);
  return { sim, page, errors };
}
