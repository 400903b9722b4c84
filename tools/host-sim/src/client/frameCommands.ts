// What host-sim's two protocols (ours, hostConnector.ts; Novus's, novusHost.ts) decide alike
// about the commands of a frame, whatever the messages look like on the wire.

/** Which of the page's frames a connection is: the side panel or a form opened as a modal. */
export type FrameRole = 'panel' | 'modal';

/** A command's answer: a value, or an error text the frame gets back. */
export type CommandOutcome = { data: unknown } | { error: string };

export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : 'Erro no sistema de atendimento';
}

/** Answers with what the promise resolves to, or with its error's text. */
export function answerWhenSettled(
  promise: Promise<unknown>,
  answer: (outcome: CommandOutcome) => void,
): void {
  promise.then(
    (data) => answer({ data }),
    (error: unknown) => answer({ error: failureText(error) }),
  );
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Why this frame may not open a form at `url`, or null: only the side panel opens forms, and
 * only pages at the panel's origin.
 */
export function openModalRefusal(role: FrameRole, url: string, panelOrigin: string): string | null {
  if (role !== 'panel') return 'Um formulário não pode abrir outro formulário';
  return originOf(url) === panelOrigin ? null : 'Endereço do formulário não permitido';
}

/** The form this frame is, which may end itself; or why not (only a form the host opened). */
export function closingForm(
  role: FrameRole,
  modalId: string | null,
): { modalId: string } | { refused: string } {
  return role === 'modal' && modalId
    ? { modalId }
    : { refused: 'Esta janela não é um formulário aberto pelo sistema' };
}
