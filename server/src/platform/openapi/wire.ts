import { z } from 'zod';

/**
 * Request bodies as they travel. A zod schema's JSON Schema (`io: 'input'`) describes the values
 * zod checks, not always what a client sends: a field that a `preprocess` turns from "absent" into
 * `null` is listed as required; a multipart form carries only text (numbers, lists and JSON as
 * text, repeated fields for lists); a form route (`readForm`) takes the same fields as JSON, where a
 * number or a list may come typed or as text. These helpers turn the zod schema into those shapes.
 */

type JsonSchema = Record<string, unknown>;

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Calls `fn` on every object schema of a zod schema and its JSON Schema, innermost first: through
 * properties, array items, optional/nullable/default wrappers and union branches (`anyOf`).
 */
function eachObject(schema: z.ZodType, json: JsonSchema | undefined, fn: (schema: z.ZodObject, json: JsonSchema) => void): void {
  if (!json) return;
  const def = defOf(schema);
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodType>;
    const props = (json.properties ?? {}) as Record<string, JsonSchema>;
    for (const [k, field] of Object.entries(shape)) eachObject(field, props[k], fn);
    fn(schema, json);
  } else if (schema instanceof z.ZodArray) eachObject(def.element!, json.items as JsonSchema | undefined, fn);
  else if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) {
    const typed = Array.isArray(json.anyOf) ? (json.anyOf as JsonSchema[]).filter((b) => !isNull(b)) : [json];
    if (typed.length === 1) eachObject(def.innerType, typed[0], fn);
  } else if (def.type === 'pipe' && def.in && defOf(def.in).type !== 'transform') eachObject(def.in, json, fn);
  else if (schema instanceof z.ZodUnion && Array.isArray(json.anyOf)) {
    (schema.options as z.ZodType[]).forEach((option, i) => eachObject(option, (json.anyOf as JsonSchema[])[i], fn));
  }
}

/** Which of each object's properties a client must send: those whose zod schema refuses `undefined`. */
export function fixRequired(schema: z.ZodType, json: JsonSchema): void {
  eachObject(schema, json, (object, node) => {
    const shape = object.shape as Record<string, z.ZodType>;
    const required = Object.keys(shape).filter((k) => !shape[k].safeParse(undefined).success);
    if (required.length) node.required = required;
    else delete node.required;
  });
}

const isNull = (s: JsonSchema) => s.type === 'null';
const describe = (s: JsonSchema, extra: JsonSchema) => ({ ...(s.description ? { description: s.description } : {}), ...extra });

/** One field of a multipart form: always text (a list may repeat the field or be comma-separated). */
export function asFormField(s: JsonSchema): JsonSchema {
  // `type: ['number', 'null']` (a nullable field written as a type list): a form sends it as text
  if (Array.isArray(s.type)) {
    const types = (s.type as string[]).filter((x) => x !== 'null');
    return types.length === 1 ? asFormField({ ...s, type: types[0] }) : describe(s, { type: 'string' });
  }
  if (Array.isArray(s.anyOf)) {
    const branches = (s.anyOf as JsonSchema[]).filter((b) => !isNull(b));
    return branches.length === 1 ? { ...asFormField(branches[0]), ...(s.description ? { description: s.description } : {}) } : describe(s, { type: 'string' });
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
      if (items.type === 'string' || items.type === 'number' || items.type === 'integer' || items.enum) {
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

/** What a lenient field also reads: a blank text (= not given), `null`. */
const extra = (takes: { blank?: boolean; null?: boolean }): JsonSchema[] => [
  ...(takes.blank ? [{ type: 'string', pattern: '^\\s*$', description: 'Boş: verilmemiş sayılır' }] : []),
  ...(takes.null ? [{ type: 'null' }] : []),
];

/**
 * One field as a JSON client may send it where the server reads it leniently (a `readForm` route,
 * which turns numbers and booleans into text; or a zod `preprocess`, which reads text, blanks and
 * numbers): the typed value, its text, a number for a numeric choice, or `null` (= not sent / blank).
 */
export function asJsonField(s: JsonSchema, takes: { blank?: boolean; null?: boolean } = { null: true }): JsonSchema {
  const branches: JsonSchema[] = [s];
  if (s.type === undefined && s.anyOf === undefined && s.enum === undefined) return s; // any value already (`{}`), or a constant
  if (Array.isArray(s.anyOf)) {
    const typed = (s.anyOf as JsonSchema[]).filter((b) => !isNull(b));
    if (typed.length === 1) return { ...asJsonField(typed[0], takes), ...(s.description ? { description: s.description } : {}) };
    const each = typed.flatMap((b) => {
      const w = asJsonField(b, {});
      return Array.isArray(w.anyOf) && !w.description ? (w.anyOf as JsonSchema[]).filter((x) => !isNull(x)) : [w];
    });
    const unique = [...each, ...extra(takes)].filter((b, i, all) => all.findIndex((o) => JSON.stringify(o) === JSON.stringify(b)) === i);
    return { anyOf: unique, ...(s.description ? { description: s.description } : {}) };
  }
  if (s.type === 'string' && Array.isArray(s.enum)) {
    const numbers = (s.enum as string[]).filter((v) => /^\d+$/.test(v)).map(Number);
    if (numbers.length) branches.push({ enum: numbers });
  } else if (s.type === 'string') branches.push({ type: ['number', 'boolean'] });
  else if (s.type === 'number' || s.type === 'integer' || s.type === 'boolean') branches.push({ type: 'string' });
  else if (s.type === 'array') {
    const items = (s.items ?? {}) as JsonSchema;
    const scalar = items.type === 'string' || items.type === 'number' || items.type === 'integer' || Array.isArray(items.enum);
    branches[0] = scalar ? { ...s, items: { type: ['string', 'number'] } } : s;
    branches.push(asFormField(s));
  } else if (s.type === 'object') branches.push(asFormField(s));
  else if (!takes.blank && !takes.null) return s;
  branches.push(...extra(takes));
  return { anyOf: branches, ...(s.description ? { description: s.description } : {}) };
}

/** A form sent as JSON to a `readForm` route: every field typed or as text (readForm reads both). */
export function asJsonForm(schema: JsonSchema, zod?: z.ZodType): JsonSchema {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const shape = zod instanceof z.ZodObject ? (zod.shape as Record<string, z.ZodType>) : {};
  const takes = (k: string) => ({ null: true, blank: shape[k]?.safeParse('').success ?? false });
  return { ...schema, type: 'object', properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, asJsonField(v, takes(k))])) };
}

/** A zod `preprocess` (under optional/nullable/default): it reads more than its JSON Schema says. */
function isPreprocess(schema: z.ZodType): boolean {
  let def = defOf(schema);
  while ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) def = defOf(def.innerType);
  return def.type === 'pipe' && def.in !== undefined && defOf(def.in).type === 'transform';
}

/** A JSON body's lenient fields (zod `preprocess`), at any depth, as they are read: typed or as text (`asJsonField`). */
export function widenPreprocessed(schema: z.ZodType, json: JsonSchema): void {
  eachObject(schema, json, (object, node) => {
    const props = (node.properties ?? {}) as Record<string, JsonSchema>;
    for (const [k, field] of Object.entries<z.ZodType>(object.shape)) {
      if (props[k] && isPreprocess(field)) props[k] = asJsonField(props[k], { blank: field.safeParse('').success, null: field.safeParse(null).success });
    }
  });
}
