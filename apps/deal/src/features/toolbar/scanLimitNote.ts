/**
 * Under 'Negociações com esse contato' when the api looked only at the most recently updated
 * deals (RD lists no deals by contact: the api scans them within a bound).
 */
export function scanLimitNote(limitedTo: number): string {
  return `Busca limitada às ${limitedTo.toLocaleString('pt-BR')} negociações atualizadas mais recentemente.`;
}
