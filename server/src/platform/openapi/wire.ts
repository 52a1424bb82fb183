import { z } from 'zod';

/**
 * Request bodies as they travel. A zod schema's JSON Schema (`io: 'input'`) describes the values
 * zod checks, not always what a client sends: a field that a `preprocess` turns from "absent" into
 * `null` is listed as required; a multipart form carries only text (numbers, lists and JSON as
 * text, repeated fields for lists); a form route (`readForm`) takes the same fields as JSON, where a
 * number or a list may come typed or as text. These helpers turn the zod schema into those shapes.
 */

type JsonSchema = Record<string, unknown>;

/** Which of an object schema's properties a client must send: those whose zod schema refuses `undefined`. */
export function fixRequired(schema: z.ZodType, json: JsonSchema): void {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const required = Object.keys(shape).filter((k) => !shape[k]!.safeParse(undefined).success);
    if (required.length) json.required = required;
    else delete json.required;
    return;
  }
  if (schema instanceof z.ZodUnion && Array.isArray(json.anyOf)) {
    (schema.options as z.ZodType[]).forEach((option, i) => {
      const branch = (json.anyOf as JsonSchema[])[i];
      if (branch) fixRequired(option, branch);
    });
  }
}

const isNull = (s: JsonSchema) => s.type === 'null';
const describe = (s: JsonSchema, extra: JsonSchema) => ({ ...(s.description ? { description: s.description } : {}), ...extra });

/** One field of a multipart form: always text (a list may repeat the field or be comma-separated). */
export function asFormField(s: JsonSchema): JsonSchema {
  if (Array.isArray(s.anyOf)) {
    const branches = (s.anyOf as JsonSchema[]).filter((b) => !isNull(b));
    return branches.length === 1 ? { ...asFormField(branches[0]!), ...(s.description ? { description: s.description } : {}) } : describe(s, { type: 'string' });
  }
  switch (s.type) {
    case 'string':
      return s;
    case 'number':
    case 'integer':
      return describe(s, { type: 'string', description: [s.description, 'Sayı, metin olarak (boş: yok).'].filter(Boolean).join(' ') });
    case 'boolean':
      return describe(s, { type: 'string', enum: ['0', '1', 'true', 'false'] });
    case 'array': {
      const items = (s.items ?? {}) as JsonSchema;
      if (items.type === 'string' || items.enum) {
        const one = { type: 'string', description: 'Virgülle ayrılmış liste ya da tekrarlanan alan' };
        return describe(s, { anyOf: [one, { type: 'array', items: { type: 'string' } }] });
      }
      return describe(s, { type: 'string', contentMediaType: 'application/json', contentSchema: s });
    }
    case 'object':
      return describe(s, { type: 'string', contentMediaType: 'application/json', contentSchema: s });
    default:
      return s;
  }
}

/** A multipart form's object schema: every property as text. */
export function asForm(schema: JsonSchema): JsonSchema {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return { ...schema, type: 'object', properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, asFormField(v)])) };
}

/**
 * The same form sent as JSON to a `readForm` route: each field typed (as the zod schema says) or as
 * its text; `null` is read as "not sent".
 */
export function asJsonForm(schema: JsonSchema): JsonSchema {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const widen = (s: JsonSchema): JsonSchema => {
    const text = asFormField(s);
    if (JSON.stringify(text) === JSON.stringify(s)) return s;
    return { anyOf: [s, text, { type: 'null' }] };
  };
  return { ...schema, type: 'object', properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, widen(v)])) };
}
