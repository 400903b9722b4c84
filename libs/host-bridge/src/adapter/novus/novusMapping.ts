import { type HostChannel, pickNovusField } from '@crm-panel/contracts';

// getInfoChannels' reply, leniently: the example does not show it. (How getInfoUser's reply and
// the attendance events are read under the tenant's mapping is crm-model's, novus.ts, shared with
// the api's diagnostics.)

type Fields = Record<string, unknown>;

function isRecord(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const pick = pickNovusField;

/** getInfoChannels: each entry that has an id; name and kind default to blanks. */
export function toHostChannels(value: unknown): HostChannel[] {
  const list = Array.isArray(value)
    ? value
    : isRecord(value) && Array.isArray(value.canais)
      ? value.canais
      : [];
  return list.filter(isRecord).flatMap((entry) => {
    const id = pick(entry, ['id', 'Id', 'canalId', 'IdCanal']);
    if (!id) return [];
    return [
      {
        id,
        nome: pick(entry, ['nome', 'Nome', 'name', 'descricao']) ?? id,
        tipo: pick(entry, ['tipo', 'Tipo', 'type']) ?? '',
      },
    ];
  });
}
