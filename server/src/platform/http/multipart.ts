import type { FastifyRequest } from 'fastify';

export interface FormInput {
  /** Text fields (the last value wins when a field is repeated). */
  fields: Record<string, string>;
  /** Bytes of the file sent under `image`, if a non-empty one was sent. */
  image?: Buffer;
  /** The file name the client gave it (never used for storage; checked by storeUpload). */
  imageName?: string;
  /** Every non-empty file under an accepted name (`fileFields` of readForm), with its client name. */
  files: Record<string, { data: Buffer; name?: string }>;
}

/** Fields that may repeat (checkboxes): every value is kept, joined by ','. `name[]` is `name`. */
const LIST_FIELDS = new Set(['allergens', 'labels', 'ids']);
/** Fields a JSON client may send as an array or object: passed on as JSON text. */
const JSON_FIELDS = new Set(['variants']);

function addField(fields: Record<string, string>, name: string, value: string) {
  const key = name.endsWith('[]') && LIST_FIELDS.has(name.slice(0, -2)) ? name.slice(0, -2) : name;
  fields[key] = LIST_FIELDS.has(key) && fields[key] ? `${fields[key]},${value}` : value;
}

/**
 * Reads a multipart form (spec §7: store/update category and product). Files under other field
 * names are drained and ignored; an empty file part (a browser sending "no file chosen") is no
 * image. A JSON body is accepted too (same fields, no image), so API clients may skip multipart.
 * A file over the upload limit throws FST_REQ_FILE_TOO_LARGE → HTTP 413 (mapped in app.ts).
 */
export async function readForm(request: FastifyRequest, fileFields: readonly string[] = ['image']): Promise<FormInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields: Record<string, string> = {};
    if (body && typeof body === 'object') {
      for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
        if (v == null) continue;
        if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = String(v);
        else if (Array.isArray(v) && LIST_FIELDS.has(k)) fields[k] = v.map(String).join(',');
        else if (typeof v === 'object' && JSON_FIELDS.has(k)) fields[k] = JSON.stringify(v);
      }
    }
    return { fields, files: {} };
  }
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  let imageName: string | undefined;
  const files: FormInput['files'] = {};
  // one file per accepted name (the app's limit is one file per request)
  for await (const part of request.parts(fileFields.length > 1 ? { limits: { files: fileFields.length } } : undefined)) {
    if (part.type === 'file') {
      const buf = await part.toBuffer();
      if (fileFields.includes(part.fieldname) && buf.length > 0) {
        files[part.fieldname] = { data: buf, name: part.filename };
        if (part.fieldname === 'image') {
          image = buf;
          imageName = part.filename;
        }
      }
    } else if (typeof part.value === 'string') {
      addField(fields, part.fieldname, part.value);
    }
  }
  return { fields, image, imageName, files };
}
