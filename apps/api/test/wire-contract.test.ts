import { WIRE_ROUTES } from '@crm-panel/crm-model/schemas';
import { type Harness, startHarness } from './support/harness';

// The api declares on each route the body and answer schemas of the wire contract
// (libs/crm-model/src/schemas/routes.ts), the ones the mock api checks with: read back from the
// OpenAPI document the api serves, each must have the contract's fields and required fields.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

type Schema = {
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  type?: unknown;
};

/** The fields of a schema at every depth: names, which are required, and items of lists. */
function shapeOf(schema: Schema | undefined): unknown {
  if (!schema) return null;
  // A value or null: the shape of the value.
  if (schema.anyOf) return shapeOf(schema.anyOf.find((one) => one.type !== 'null'));
  return {
    required: [...(schema.required ?? [])].sort(),
    properties: Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, property]) => [name, shapeOf(property)]),
    ),
    items: schema.items ? shapeOf(schema.items) : null,
  };
}

interface Operation {
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

describe('the wire contract, route by route', () => {
  it('every call of the contract is a route of the api with the contract body and answer', async () => {
    const response = await h.api.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json<{ paths: Record<string, Record<string, Operation>> }>();
    const keys = Object.keys(WIRE_ROUTES);
    expect(keys.length).toBeGreaterThan(50);
    for (const key of keys) {
      const [method = '', path = ''] = key.split(' ');
      const wire = WIRE_ROUTES[key];
      const operation = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method];
      expect({ key, declared: operation !== undefined }).toEqual({ key, declared: true });
      if (!operation || !wire) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      expect({ key, body: shapeOf(body) }).toEqual({
        key,
        body: shapeOf(wire.body as Schema | undefined),
      });
      const success = Object.entries(operation.responses).find(([status]) =>
        /^2\d\d$/.test(status),
      )?.[1];
      expect({ key, reply: shapeOf(success?.content?.['application/json']?.schema) }).toEqual({
        key,
        reply: shapeOf(wire.reply as Schema),
      });
    }
  });
});
