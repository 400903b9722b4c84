import type { FrameLocator, Page } from 'playwright-core';
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
