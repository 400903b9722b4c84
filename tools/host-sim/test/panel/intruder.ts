import { HOST_PROTOCOL } from '@crm-panel/contracts';

// A frame the host did not create (another origin, or the panel's origin but not a frame of the
// host page) trying to act as the panel. host-sim must not answer it.

const received: string[] = [];

function show(): void {
  const element = document.getElementById('received');
  if (element) element.textContent = received.length > 0 ? received.join(' | ') : 'nada';
}

window.addEventListener('message', (event: MessageEvent) => {
  received.push(`janela: ${JSON.stringify(event.data)}`);
  show();
});

const events = new MessageChannel();
events.port1.onmessage = (event: MessageEvent) => {
  received.push(`eventos: ${JSON.stringify(event.data)}`);
  show();
};
const reply = new MessageChannel();
reply.port1.onmessage = (event: MessageEvent) => {
  received.push(`resposta: ${JSON.stringify(event.data)}`);
  show();
};

const panelOrigin = new URLSearchParams(window.location.search).get('panelOrigin') ?? '';
const top = window.top;
if (top) {
  top.postMessage(
    { protocol: HOST_PROTOCOL, command: 'initialize', args: { pluginId: 'intruso' } },
    '*',
    [events.port2],
  );
  top.postMessage(
    {
      protocol: HOST_PROTOCOL,
      command: 'openModal',
      args: { url: `${panelOrigin}/note-create-modal`, title: 'Invasor', width: 600, height: 700 },
    },
    '*',
    [reply.port2],
  );
}
show();
const status = document.getElementById('status');
if (status) status.textContent = 'enviado';
