import { type FastifySchemaValidationError } from 'fastify';

const TYPE_NAMES: Record<string, string> = {
  string: 'um texto',
  integer: 'um número inteiro',
  number: 'um número',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
  null: 'nulo',
};

function typeName(type: unknown): string {
  const list = Array.isArray(type) ? type : [type];
  return list.map((item) => TYPE_NAMES[String(item)] ?? String(item)).join(' ou ');
}

/** '/contact/emails/0/email' → 'contact.emails[0].email'. */
function fieldOf(error: FastifySchemaValidationError): string {
  const segments = error.instancePath.split('/').filter((segment) => segment !== '');
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    segments.push(params.missingProperty);
  }
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    segments.push(params.additionalProperty);
  }
  return segments.reduce(
    (path, segment) =>
      /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
    '',
  );
}

/** A pt-BR sentence for the first schema error of a request. */
export function validationMessage(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
): string {
  const error = errors[0];
  if (!error) return 'Requisição inválida.';
  const field = fieldOf(error) || (context === 'body' ? 'corpo' : 'parâmetro');
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `O campo '${field}' é obrigatório.`;
    case 'type':
      return field === 'corpo'
        ? `O corpo da requisição deve ser ${typeName(params.type)}.`
        : `O campo '${field}' deve ser ${typeName(params.type)}.`;
    case 'minLength':
      return Number(params.limit) === 1
        ? `O campo '${field}' não pode ficar vazio.`
        : `O campo '${field}' deve ter no mínimo ${String(params.limit)} caracteres.`;
    case 'maxLength':
      return `O campo '${field}' deve ter no máximo ${String(params.limit)} caracteres.`;
    case 'minimum':
      return `O campo '${field}' deve ser no mínimo ${String(params.limit)}.`;
    case 'maximum':
      return `O campo '${field}' deve ser no máximo ${String(params.limit)}.`;
    case 'exclusiveMinimum':
      return `O campo '${field}' deve ser maior que ${String(params.limit)}.`;
    case 'enum':
      return `O campo '${field}' deve ser um destes valores: ${((params.allowedValues as unknown[]) ?? []).map(String).join(', ')}.`;
    case 'pattern':
    case 'format':
      return `O campo '${field}' tem um formato inválido.`;
    case 'minItems':
      return `O campo '${field}' deve ter ao menos ${String(params.limit)} item(ns).`;
    case 'maxItems':
      return `O campo '${field}' deve ter no máximo ${String(params.limit)} item(ns).`;
    case 'dependencies':
      return `O campo '${String(params.missingProperty)}' é obrigatório junto com '${String(params.property)}'.`;
    case 'minProperties':
      return 'Informe ao menos um campo para atualizar.';
    case 'maxProperties':
      return `O campo '${field}' tem itens demais.`;
    case 'additionalProperties':
      return `O campo '${field}' não é permitido.`;
    default:
      return `O campo '${field}' é inválido.`;
  }
}
